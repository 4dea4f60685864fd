import { expect, test, signInAsNewUser } from '../support/fixtures.ts';

/** A small real PDF (Helvetica text, one line per entry), built byte by byte with a correct xref table. */
function pdfWithPages(title: string, pages: string[][]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);
  const objects: string[] = [];
  // Object numbers are 1-based: the new length is the new object's number.
  const add = (body: string) => objects.push(body);
  const catalog = add('<< /Type /Catalog /Pages 2 0 R >>');
  add('PAGES'); // filled in below
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const info = add(`<< /Title (${escape(title)}) >>`);
  const pageIds: number[] = [];
  for (const lines of pages) {
    const stream = lines
      .map((line, index) => `BT /F1 12 Tf 56 ${760 - index * 18} Td (${escape(line)}) Tj ET`)
      .join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    pageIds.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

test.describe('citation viewer', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a cited PDF opens beside the chat at its page with the passage highlighted, and closes back to the citation', async ({
    page,
  }) => {
    const user = await signInAsNewUser(page);
    const pdf = pdfWithPages('Quillmore Bank AML handbook', [
      [
        'Quillmore Bank AML handbook.',
        'Chapter one describes how accounts are opened for new clients.',
        'Each branch keeps its own opening checklist.',
      ],
      [
        'Chapter two: suspicions.',
        'Under the Swiss AMLA, Quillmore Bank must report a well-founded suspicion',
        'of money laundering to MROS without delay.',
        'The compliance officer files the report.',
      ],
    ]);
    const upload = await page.request.post('/api/documents/files', {
      headers: { Authorization: `Bearer ${user.token}` },
      multipart: { file: { name: 'quillmore-handbook.pdf', mimeType: 'application/pdf', buffer: pdf } },
    });
    expect(upload.ok(), await upload.text()).toBe(true);
    const { file } = (await upload.json()) as { file: { id: string } };
    await expect
      .poll(
        async () => {
          const response = await page.request.get(`/api/documents/files/${file.id}`, {
            headers: { Authorization: `Bearer ${user.token}` },
          });
          return ((await response.json()) as { status: string }).status;
        },
        { timeout: 30_000 },
      )
      .toBe('ready');

    await page.goto('/chat');
    await expect(page.getByRole('radio', { name: /AI Expert/ })).toBeChecked();
    await page
      .getByLabel('Your question')
      .fill('Under the Swiss AMLA, what must Quillmore Bank do with a suspicion of money laundering?');
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = page.locator('li[data-role="assistant"]').last();
    await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });

    const source = answer
      .locator('button[data-citation-source]')
      // A user's own file is cited by its name.
      .filter({ hasText: 'quillmore-handbook.pdf' })
      .first();
    await expect(source).toBeVisible();
    const title = (await source.locator('span.break-words').textContent())?.trim() ?? '';
    await source.click();

    // Beside the conversation: the chat and its composer stay on screen, the URL does not change.
    const viewer = page.getByRole('complementary', { name: title });
    await expect(viewer).toBeVisible();
    await expect(page).toHaveURL(/\/chat/);
    await expect(page.getByLabel('Your question')).toBeVisible();
    const viewerBox = await viewer.boundingBox();
    const answerBox = await answer.boundingBox();
    expect(viewerBox && answerBox && viewerBox.x > answerBox.x + answerBox.width - 1).toBe(true);

    // The real page, drawn by pdf.js, with the passage marked in its text layer and in view.
    const pdfPage = viewer.getByTestId('pdf-page');
    await expect(pdfPage.locator('canvas')).toBeVisible();
    await expect(viewer.getByText(/^Page [12] of 2$/)).toBeVisible();
    const mark = pdfPage.locator('mark[data-passage]').first();
    await expect(mark).toBeAttached({ timeout: 15_000 });
    await expect(mark).toBeInViewport();
    expect((await pdfPage.locator('mark[data-passage]').allTextContents()).join(' ')).toMatch(/Quillmore|MROS|clients/);

    // Escape closes it and returns to the citation.
    await viewer.getByRole('button', { name: 'Close the source' }).focus();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(source).toBeFocused();
  });
});
