import type { Locale } from '@compliance/shared/locales';
import type { InvoiceRow } from '../../db/schema/index.ts';
import { embedTextFonts, printable } from '../../lib/pdf-fonts.ts';

const labels: Record<
  Locale,
  {
    invoice: string;
    number: string;
    date: string;
    period: string;
    billedTo: string;
    description: string;
    quantity: string;
    unitPrice: string;
    amount: string;
    net: string;
    vat: (rate: string) => string;
    noVat: string;
    total: string;
    paid: string;
    refunded: (date: string) => string;
  }
> = {
  en: {
    invoice: 'Invoice',
    number: 'Invoice number',
    date: 'Date',
    period: 'Period',
    billedTo: 'Billed to',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    net: 'Net amount',
    vat: (rate) => `VAT ${rate} %`,
    noVat: 'No VAT charged',
    total: 'Total',
    paid: 'Paid',
    refunded: (date) => `Refunded on ${date}`,
  },
  de: {
    invoice: 'Rechnung',
    number: 'Rechnungsnummer',
    date: 'Datum',
    period: 'Zeitraum',
    billedTo: 'Rechnungsempfänger',
    description: 'Beschreibung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    amount: 'Betrag',
    net: 'Nettobetrag',
    vat: (rate) => `MWST ${rate} %`,
    noVat: 'Keine MWST erhoben',
    total: 'Total',
    paid: 'Bezahlt',
    refunded: (date) => `Erstattet am ${date}`,
  },
  fr: {
    invoice: 'Facture',
    number: 'Numéro de facture',
    date: 'Date',
    period: 'Période',
    billedTo: 'Facturé à',
    description: 'Description',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    amount: 'Montant',
    net: 'Montant net',
    vat: (rate) => `TVA ${rate} %`,
    noVat: 'Aucune TVA perçue',
    total: 'Total',
    paid: 'Payée',
    refunded: (date) => `Remboursée le ${date}`,
  },
  it: {
    invoice: 'Fattura',
    number: 'Numero di fattura',
    date: 'Data',
    period: 'Periodo',
    billedTo: 'Fatturato a',
    description: 'Descrizione',
    quantity: 'Qtà',
    unitPrice: 'Prezzo unitario',
    amount: 'Importo',
    net: 'Importo netto',
    vat: (rate) => `IVA ${rate} %`,
    noVat: 'Nessuna IVA applicata',
    total: 'Totale',
    paid: 'Pagata',
    refunded: (date) => `Rimborsata il ${date}`,
  },
};

/** The issuer printed at the top of every invoice. */
export const INVOICE_ISSUER = ['Compliance Assistant', 'Switzerland'];

/** One invoice as an A4 PDF in the reader's language. */
export async function renderInvoicePdf(invoice: InvoiceRow, lang: Locale): Promise<Uint8Array> {
  const text = labels[lang];
  // Swiss conventions in every language (CHF 50.00), as the issuer is Swiss.
  const locale = `${lang}-CH`;
  const money = (minor: number) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: invoice.currency }).format(minor / 100);
  const date = (value: Date) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(value);
  const percent = (basisPoints: number) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 2 }).format(basisPoints / 100);

  // pdf-lib is loaded with the first PDF, not at start (docs/performance.md, "Memory").
  const { PDFDocument, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${text.invoice} ${invoice.number}`);
  pdf.setCreator('Compliance Assistant');
  const { regular, bold } = await embedTextFonts(pdf);
  const page = pdf.addPage([595, 842]);
  const ink = rgb(0.1, 0.1, 0.15);
  const muted = rgb(0.4, 0.4, 0.45);
  const write = (value: string, x: number, y: number, size = 10, font = regular, colour = ink) =>
    page.drawText(printable(value, font), { x, y, size, font, color: colour });
  /** Text in a column of `width`: the size shrinks until it fits. */
  const writeFitted = (value: string, x: number, y: number, width: number, size = 10) => {
    const line = printable(value, regular);
    let fitted = size;
    while (fitted > 5 && regular.widthOfTextAtSize(line, fitted) > width) fitted -= 0.5;
    page.drawText(line, { x, y, size: fitted, font: regular, color: ink });
  };
  const writeRight = (value: string, right: number, y: number, size = 10, font = regular) => {
    const line = printable(value, font);
    page.drawText(line, { x: right - font.widthOfTextAtSize(line, size), y, size, font, color: ink });
  };

  write(INVOICE_ISSUER[0]!, 50, 790, 12, bold);
  write(INVOICE_ISSUER[1]!, 50, 775, 10, regular, muted);
  write(text.invoice, 50, 720, 24, bold, rgb(0.15, 0.3, 0.55));

  write(`${text.number}: ${invoice.number}`, 50, 690);
  write(`${text.date}: ${date(invoice.issuedAt)}`, 50, 675);
  if (invoice.periodStart && invoice.periodEnd) {
    write(`${text.period}: ${date(invoice.periodStart)} – ${date(invoice.periodEnd)}`, 50, 660);
  }
  write(text.billedTo, 330, 690, 10, bold);
  const buyer = [invoice.buyerName, invoice.buyerEmail, invoice.buyerCountry ?? ''].filter(Boolean);
  buyer.forEach((line, index) => writeFitted(line, 330, 675 - index * 15, 215));

  let y = 600;
  write(text.description, 50, y, 10, bold);
  writeRight(text.quantity, 350, y, 10, bold);
  writeRight(text.unitPrice, 450, y, 10, bold);
  writeRight(text.amount, 545, y, 10, bold);
  page.drawLine({ start: { x: 50, y: y - 6 }, end: { x: 545, y: y - 6 }, thickness: 0.5, color: muted });
  for (const line of invoice.lines) {
    y -= 22;
    writeFitted(line.description, 50, y, 240);
    writeRight(String(line.quantity), 350, y);
    writeRight(money(line.unitAmount), 450, y);
    writeRight(money(line.amount), 545, y);
  }
  y -= 16;
  page.drawLine({ start: { x: 300, y }, end: { x: 545, y }, thickness: 0.5, color: muted });
  y -= 18;
  write(text.net, 300, y);
  writeRight(money(invoice.net), 545, y);
  y -= 16;
  write(invoice.vatRate > 0 ? text.vat(percent(invoice.vatRate)) : text.noVat, 300, y);
  writeRight(money(invoice.vat), 545, y);
  y -= 20;
  write(text.total, 300, y, 12, bold);
  writeRight(money(invoice.total), 545, y, 12, bold);
  y -= 30;
  write(
    invoice.status === 'refunded' && invoice.refundedAt ? text.refunded(date(invoice.refundedAt)) : text.paid,
    300,
    y,
    11,
    bold,
    invoice.status === 'refunded' ? rgb(0.6, 0.15, 0.15) : rgb(0.1, 0.45, 0.2),
  );
  return pdf.save();
}
