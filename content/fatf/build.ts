/**
 * Regenerates the FATF seed data from the reference facts:
 *
 *   content/fatf/jurisdictions.json  (one entry per ISO 3166-1 jurisdiction)
 *   content/fatf/plenaries.json      (listing history, one entry per plenary snapshot)
 *   content/fatf/meta.json           (as-of date, compilation date, sources, credits)
 *
 * It never writes statuses.json or regional-bodies.json (hand-written texts); it only reads them to check
 * that every status and body code it emits is defined there.
 *
 * Usage (Node 24, from the repository root):
 *   node content/fatf/build.ts [--source /work/shared/data] [--checked YYYY-MM-DD]
 *
 *   --source   folder with fatf-lists.json and jurisdictions.json (default: $FATF_SOURCE_DIR or /work/shared/data)
 *   --checked  date the data was compiled/checked, written to meta.json as lastChecked (default: today, UTC)
 *
 * The script stops with an error when the sources disagree in a way it cannot resolve (an unknown country
 * name in a snapshot, a snapshot whose added/removed lists do not match the change between two snapshots,
 * an unknown body code). Resolvable differences are printed as warnings and described in NOTES.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const LANGS = ['en', 'de', 'fr', 'it'] as const;
type Lang = (typeof LANGS)[number];
type Localized = Record<Lang, string>;
type Status = 'not_listed' | 'grey' | 'black' | 'no_listing';
type BlackListAction = 'countermeasures' | 'enhanced_due_diligence';

interface SourceJurisdiction {
  iso2: string;
  iso3: string;
  name: string;
  region: string;
  fatfMember: boolean;
  fsrb: string[];
  fatfStatus: 'not_listed' | 'grey' | 'black';
  fatfStatusSince: string | null;
}

interface SourceSnapshot {
  date: string;
  plenary: string;
  added: string[];
  removed: string[];
  grey: string[];
  black: string[];
}

interface SourceLists {
  asOf: string;
  snapshots: SourceSnapshot[];
}

interface Listing {
  status: 'grey' | 'black';
  action: BlackListAction | null;
}

interface Change {
  iso2: string;
  from: Status;
  to: Status;
  action?: BlackListAction;
  baseline?: true;
  /** Baseline entries only: when the jurisdiction entered this status, if known (it predates the first snapshot). */
  since?: string | null;
}

interface Plenary {
  date: string;
  name: Localized;
  totals: { grey: number; black: number };
  changes: Change[];
}

interface Jurisdiction {
  iso2: string;
  iso3: string;
  names: Localized;
  region: string;
  fatfMember: boolean;
  fsrbs: string[];
  status: Status;
  statusSince: string | null;
  blackListAction: BlackListAction | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Hand-maintained mapping data (review after each plenary)
// ---------------------------------------------------------------------------------------------------------------

/**
 * Names used in the FATF snapshots that differ from both the source's ISO English name and CLDR's English name.
 * Lookup order: this table, then the source's English name, then CLDR's English name; anything else is an error.
 */
const SNAPSHOT_NAME_ALIASES: Record<string, string> = {
  "Democratic People's Republic of Korea": 'KP',
  DPRK: 'KP',
  'Democratic Republic of the Congo': 'CD',
  'Democratic Republic of Congo': 'CD',
  DRC: 'CD',
  'Republic of the Congo': 'CG',
  'Lao PDR': 'LA',
  'Virgin Islands (UK)': 'VG',
  'British Virgin Islands': 'VG',
  'Virgin Islands (US)': 'VI',
  Türkiye: 'TR',
  Turkey: 'TR',
  Syria: 'SY',
  Iran: 'IR',
  Bolivia: 'BO',
  Venezuela: 'VE',
  Vietnam: 'VN',
  Tanzania: 'TZ',
  'Hong Kong, China': 'HK',
  'Macao, China': 'MO',
  'Chinese Taipei': 'TW',
};

const BLACK_ACTION_SUFFIX: Record<string, BlackListAction> = {
  countermeasures: 'countermeasures',
  'enhanced due diligence': 'enhanced_due_diligence',
};

/**
 * When a jurisdiction in the first (baseline) snapshot was listed, if that predates the first snapshot and it is
 * no longer listed (so jurisdictions.json has no date for it). Taken from the "Earlier" paragraph of
 * fatf-lists.md; jurisdictions not named there get null. Currently listed jurisdictions use fatfStatusSince.
 */
const PRE_BASELINE_SINCE: Record<string, string> = {
  HR: '2023-06-23', // Croatia — added Jun 2023
  MZ: '2022-10-21', // Mozambique — added Oct 2022
  TZ: '2022-10-21', // Tanzania — added Oct 2022
  PH: '2021-06-25', // Philippines — added Jun 2021
  NA: '2024-02-23', // Namibia — added Feb 2024 (table "Changes by plenary")
};

/**
 * Jurisdictions that get status "no_listing": territories that are not FATF members, belong to no FSRB in their
 * own right and have no FATF assessment of their own (uninhabited territories, or territories covered by the
 * AML/CFT framework of the state responsible for them). See NOTES.md for the reasoning and the responsible states.
 */
const NO_LISTING: readonly string[] = [
  'AQ', 'AS', 'AX', 'BL', 'BQ', 'BV', 'CC', 'CX', 'EH', 'FK', 'FO', 'GF', 'GL', 'GP', 'GS', 'GU', 'HM', 'IO',
  'MF', 'MP', 'MQ', 'NC', 'NF', 'PF', 'PM', 'PN', 'PR', 'RE', 'SH', 'SJ', 'TF', 'TK', 'UM', 'VI', 'WF', 'YT',
]; // prettier-ignore

/** Sovereign states outside the FATF network (no FATF or FSRB membership) that keep "not_listed". */
const SOVEREIGN_OUTSIDE_NETWORK: readonly string[] = ['KI', 'FM', 'TV'];

const SOURCES = [
  { title: 'FATF — Black and grey lists', url: 'https://www.fatf-gafi.org/en/countries/black-and-grey-lists.html' },
  {
    title: 'Labuan FSA — FATF publication on global ML/TF/PF risk, June 2026',
    url: 'https://www.labuanfsa.gov.my/regulations/amlcft/aml-cft-compliance/fatf-publication-on-global-mltfpf-risk-–-june-2026',
  },
  {
    title: 'New Zealand Department of Internal Affairs — Jurisdictions under increased monitoring, February 2026',
    url: 'https://www.dia.govt.nz/AML-CFT-Jurisdictions-under-Increased-Monitoring---February-2026',
  },
  {
    title: 'Business Standard — FATF adds Kuwait, Papua New Guinea to increased monitoring list (RBI statement)',
    url: 'https://www.business-standard.com/world-news/fatf-adds-kuwait-papua-new-guinea-to-increased-monitoring-list-126030901121_1.html',
  },
  {
    title: 'Finanssivalvonta (FIN-FSA) — FATF plenary meetings 2026',
    url: 'https://www.finanssivalvonta.fi/en/prevention-of-money-laundering-and-terrorist-financing/international-cooperation/fatfin-yleis--ja-tyoryhmakokoukset-2026',
  },
  { title: 'FIAU Malta — FATF outcomes, October 2025', url: 'https://fiaumalta.org/?p=15401' },
  {
    title: 'Financial Institutions News — FATF updates on high-risk jurisdictions, June 2025',
    url: 'https://www.financialinstitutionsnews.com/2025/06/16/fatf-updates-on-high-risk-jurisdictions-and-cross-border-payments/',
  },
  {
    title: 'STEP — FATF adds four countries to list of jurisdictions under increased monitoring (October 2024)',
    url: 'https://www.step.org/industry-news/fatf-adds-four-countries-list-jurisdictions-under-increased-aml-monitoring',
  },
  { title: 'FATF — Members and observers', url: 'http://search.fatf-gafi.org/faq/membercountriesandobservers/' },
  { title: 'Asia/Pacific Group on Money Laundering — Members', url: 'https://apgml.org' },
  { title: 'Caribbean Financial Action Task Force', url: 'https://cfatf-gafic.org' },
  { title: 'Eurasian Group — Members', url: 'http://www.eurasiangroup.org/members_eng.php' },
  { title: 'ESAAMLG — About', url: 'https://www.esaamlg.org/index.php/about' },
  { title: 'GABAC', url: 'https://gabac.org' },
  { title: 'GIABA — About', url: 'https://www.giaba.org/about-giaba/index.html' },
  { title: 'MENAFATF', url: 'https://menafatf.org' },
  { title: 'Council of Europe — MONEYVAL jurisdictions', url: 'https://www.coe.int/en/web/moneyval/jurisdictions' },
  {
    title:
      'ISO 3166-1 codes, English short names and UN M49 regions: lukes/ISO-3166-Countries-with-Regional-Codes (all/all.json, commit 145f1ad)',
    url: 'https://github.com/lukes/ISO-3166-Countries-with-Regional-Codes',
  },
  {
    title: `Country names in German, French and Italian: Unicode CLDR${process.versions.cldr ? ` ${process.versions.cldr}` : ''} via Node.js Intl.DisplayNames`,
    url: 'https://cldr.unicode.org',
  },
];

/** Attribution lines, in the four languages (the licence asks for them where the data is shown). */
const CREDITS = [
  {
    en: 'ISO 3166-1 codes, English country names and regions: “ISO-3166-Countries-with-Regional-Codes” by lukes (https://github.com/lukes/ISO-3166-Countries-with-Regional-Codes), licensed under CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/). Adapted: regions set for Antarctica and Taiwan, FATF data added. The jurisdiction data is shared under the same licence.',
    de: 'ISO-3166-1-Codes, englische Ländernamen und Regionen: «ISO-3166-Countries-with-Regional-Codes» von lukes (https://github.com/lukes/ISO-3166-Countries-with-Regional-Codes), lizenziert unter CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/). Angepasst: Regionen für die Antarktis und Taiwan gesetzt, FATF-Daten ergänzt. Die Daten zu den Rechtsordnungen stehen unter derselben Lizenz.',
    fr: 'Codes ISO 3166-1, noms de pays en anglais et régions : « ISO-3166-Countries-with-Regional-Codes » de lukes (https://github.com/lukes/ISO-3166-Countries-with-Regional-Codes), sous licence CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/). Adapté : régions attribuées à l’Antarctique et à Taïwan, données du GAFI ajoutées. Les données sur les juridictions sont partagées sous la même licence.',
    it: 'Codici ISO 3166-1, nomi dei paesi in inglese e regioni: «ISO-3166-Countries-with-Regional-Codes» di lukes (https://github.com/lukes/ISO-3166-Countries-with-Regional-Codes), con licenza CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/). Adattato: regioni assegnate all’Antartide e a Taiwan, dati del GAFI aggiunti. I dati sulle giurisdizioni sono condivisi con la stessa licenza.',
  },
  {
    en: 'Country names in German, French and Italian: Unicode CLDR',
    de: 'Ländernamen auf Deutsch, Französisch und Italienisch: Unicode CLDR',
    fr: 'Noms de pays en allemand, français et italien : Unicode CLDR',
    it: 'Nomi dei paesi in tedesco, francese e italiano: Unicode CLDR',
  },
];

// ---------------------------------------------------------------------------------------------------------------

const here = dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: { source: { type: 'string' }, checked: { type: 'string' } },
});
const sourceDir = args.source ?? process.env.FATF_SOURCE_DIR ?? '/work/shared/data';
const lastChecked = args.checked ?? new Date().toISOString().slice(0, 10);
if (!/^\d{4}-\d{2}-\d{2}$/.test(lastChecked)) throw new Error(`--checked must be YYYY-MM-DD, got ${lastChecked}`);

const warnings: string[] = [];
const warn = (message: string) => {
  warnings.push(message);
  console.warn(`warning: ${message}`);
};

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;
const source = readJson<SourceJurisdiction[]>(join(sourceDir, 'jurisdictions.json'));
const lists = readJson<SourceLists>(join(sourceDir, 'fatf-lists.json'));
const statusTexts = readJson<{ statuses: { status: string; actions?: { action: string }[] }[] }>(
  join(here, 'statuses.json'),
);
const bodies = readJson<{ code: string }[]>(join(here, 'regional-bodies.json'));

const byIso2 = new Map(source.map((j) => [j.iso2, j]));
if (byIso2.size !== source.length) throw new Error('jurisdictions.json has duplicate iso2 codes');

// --- country names --------------------------------------------------------------------------------------------

const displayNames = Object.fromEntries(
  LANGS.map((lang) => [lang, new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' })]),
) as Record<Lang, Intl.DisplayNames>;

function namesFor(j: SourceJurisdiction): Localized {
  const names = { en: j.name } as Localized;
  for (const lang of LANGS.filter((l) => l !== 'en')) {
    const cldr = displayNames[lang].of(j.iso2);
    if (!cldr) warn(`CLDR has no ${lang} name for ${j.iso2}; using the English name`);
    names[lang] = cldr ?? j.name;
  }
  return names;
}

// --- snapshot name → ISO code -----------------------------------------------------------------------------------

const normalize = (name: string) => name.replace(/[’`]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();
const nameIndex = new Map<string, string>();
for (const j of source) {
  const cldrEn = displayNames.en.of(j.iso2);
  if (cldrEn) nameIndex.set(normalize(cldrEn), j.iso2);
}
for (const j of source) nameIndex.set(normalize(j.name), j.iso2); // ISO names win over CLDR names
for (const [alias, iso2] of Object.entries(SNAPSHOT_NAME_ALIASES)) nameIndex.set(normalize(alias), iso2);

function isoFor(name: string, where: string): string {
  const iso2 = nameIndex.get(normalize(name));
  if (!iso2 || !byIso2.has(iso2)) {
    throw new Error(`${where}: cannot map "${name}" to an ISO code — add it to SNAPSHOT_NAME_ALIASES in build.ts`);
  }
  return iso2;
}

function parseBlack(entry: string, where: string): [string, BlackListAction] {
  const match = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(entry);
  const action = match ? BLACK_ACTION_SUFFIX[match[2]!.trim().toLowerCase()] : undefined;
  if (!match || !action) throw new Error(`${where}: black-list entry "${entry}" has no recognised "(measure)" suffix`);
  return [isoFor(match[1]!, where), action];
}

// --- snapshots → states and changes ------------------------------------------------------------------------------

const snapshots = [...lists.snapshots].sort((a, b) => a.date.localeCompare(b.date));
if (snapshots.length === 0) throw new Error('fatf-lists.json has no snapshots');

const states: Map<string, Listing>[] = snapshots.map((snap) => {
  const where = `snapshot ${snap.date}`;
  const state = new Map<string, Listing>();
  for (const name of snap.grey) {
    const iso2 = isoFor(name, where);
    if (state.has(iso2)) throw new Error(`${where}: ${iso2} appears twice`);
    state.set(iso2, { status: 'grey', action: null });
  }
  for (const entry of snap.black) {
    const [iso2, action] = parseBlack(entry, where);
    if (state.has(iso2)) throw new Error(`${where}: ${iso2} is on both lists`);
    state.set(iso2, { status: 'black', action });
  }
  return state;
});

const sameListing = (a: Listing | undefined, b: Listing | undefined) =>
  a?.status === b?.status && a?.action === b?.action;
const statusOf = (l: Listing | undefined): Status => l?.status ?? 'not_listed';
const setEq = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));
const fmt = (s: Iterable<string>) => [...s].sort().join(', ') || '—';

const plenaryName = (date: string, joint: boolean): Localized => {
  const month = (lang: Lang) =>
    new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
  return joint
    ? {
        en: `Joint FATF–MONEYVAL plenary, ${month('en')}`,
        de: `Gemeinsame Plenarsitzung von FATF und MONEYVAL, ${month('de')}`,
        fr: `Plénière conjointe GAFI–MONEYVAL, ${month('fr')}`,
        it: `Plenaria congiunta GAFI–MONEYVAL, ${month('it')}`,
      }
    : {
        en: `FATF plenary, ${month('en')}`,
        de: `FATF-Plenarsitzung, ${month('de')}`,
        fr: `Plénière du GAFI, ${month('fr')}`,
        it: `Plenaria del GAFI, ${month('it')}`,
      };
};

const plenaries: Plenary[] = snapshots.map((snap, i) => {
  const where = `snapshot ${snap.date}`;
  const state = states[i]!;
  const added = new Set(snap.added.map((n) => isoFor(n, where)));
  const removed = new Set(snap.removed.map((n) => isoFor(n, where)));
  const greyNow = new Set([...state].filter(([, l]) => l.status === 'grey').map(([iso2]) => iso2));
  for (const iso2 of added) {
    if (!greyNow.has(iso2)) throw new Error(`${where}: ${iso2} is "added" but not on the grey list`);
  }
  for (const iso2 of removed) {
    if (state.has(iso2)) throw new Error(`${where}: ${iso2} is "removed" but still listed`);
  }

  const changes: Change[] = [];
  if (i === 0) {
    // Initial state: entries listed before the first snapshot are baseline entries; the snapshot's own
    // added/removed lists are real changes decided at this plenary.
    for (const [iso2, listing] of state) {
      const change: Change = { iso2, from: 'not_listed', to: listing.status };
      if (listing.action) change.action = listing.action;
      if (!added.has(iso2)) {
        change.baseline = true;
        change.since = byIso2.get(iso2)!.fatfStatusSince ?? PRE_BASELINE_SINCE[iso2] ?? null;
      }
      changes.push(change);
    }
    for (const iso2 of removed) changes.push({ iso2, from: 'grey', to: 'not_listed' });
  } else {
    const prev = states[i - 1]!;
    for (const iso2 of new Set([...prev.keys(), ...state.keys()])) {
      const before = prev.get(iso2);
      const after = state.get(iso2);
      if (sameListing(before, after)) continue;
      const change: Change = { iso2, from: statusOf(before), to: statusOf(after) };
      if (after?.action) change.action = after.action;
      changes.push(change);
    }
    const greyPrev = new Set([...prev].filter(([, l]) => l.status === 'grey').map(([iso2]) => iso2));
    const diffAdded = new Set([...greyNow].filter((x) => !greyPrev.has(x)));
    const diffRemoved = new Set([...greyPrev].filter((x) => !greyNow.has(x)));
    if (!setEq(diffAdded, added) || !setEq(diffRemoved, removed)) {
      throw new Error(
        `${where}: added/removed (${fmt(added)} / ${fmt(removed)}) do not match the change from the previous ` +
          `snapshot (${fmt(diffAdded)} / ${fmt(diffRemoved)})`,
      );
    }
  }
  changes.sort((a, b) => a.iso2.localeCompare(b.iso2));
  return {
    date: snap.date,
    name: plenaryName(snap.date, /MONEYVAL/i.test(snap.plenary)),
    totals: {
      grey: [...state.values()].filter((l) => l.status === 'grey').length,
      black: [...state.values()].filter((l) => l.status === 'black').length,
    },
    changes,
  };
});

// --- current status and since when --------------------------------------------------------------------------------

const latest = states[states.length - 1]!;
const latestDate = snapshots[snapshots.length - 1]!.date;
if (lists.asOf !== latestDate)
  warn(`fatf-lists.json asOf ${lists.asOf} differs from its latest snapshot ${latestDate}`);

/** Date of the plenary at which iso2 entered its current state, or undefined if that predates the first snapshot. */
function enteredCurrentState(iso2: string): string | undefined {
  const current = latest.get(iso2);
  let i = states.length - 1;
  while (i > 0 && sameListing(states[i - 1]!.get(iso2), current)) i--;
  if (i > 0) return snapshots[i]!.date;
  // Unchanged since the first snapshot: it changed at that plenary only if named in its added/removed lists.
  const first = snapshots[0]!;
  const named = [...first.added, ...first.removed].some((n) => isoFor(n, `snapshot ${first.date}`) === iso2);
  return named ? first.date : undefined;
}

const noListing = new Set(NO_LISTING);
const jurisdictions: Jurisdiction[] = [...source]
  .sort((a, b) => a.iso2.localeCompare(b.iso2))
  .map((j) => {
    const listing = latest.get(j.iso2);
    let status: Status = listing?.status ?? 'not_listed';
    if (status !== j.fatfStatus) {
      warn(
        `${j.iso2}: jurisdictions.json says ${j.fatfStatus}, the ${latestDate} snapshot says ${status} — using the snapshot`,
      );
    }
    let statusSince: string | null;
    const computed = enteredCurrentState(j.iso2);
    if (computed) {
      statusSince = computed;
      if (status !== 'not_listed' && j.fatfStatusSince !== computed) {
        warn(
          `${j.iso2}: fatfStatusSince ${j.fatfStatusSince} differs from the snapshots (${computed}) — using the snapshots`,
        );
      }
    } else if (status === 'not_listed') {
      statusSince = null;
    } else {
      statusSince = j.fatfStatusSince; // listed before the first snapshot
      if (!statusSince)
        warn(`${j.iso2}: listed since before ${snapshots[0]!.date} and no fatfStatusSince in the source`);
    }
    if (noListing.has(j.iso2)) {
      if (status !== 'not_listed' || j.fatfMember || j.fsrb.length > 0) {
        throw new Error(
          `${j.iso2} is in NO_LISTING but is listed, a FATF member or an FSRB member — review NO_LISTING`,
        );
      }
      status = 'no_listing';
      statusSince = null;
    } else if (
      status === 'not_listed' &&
      !j.fatfMember &&
      j.fsrb.length === 0 &&
      !SOVEREIGN_OUTSIDE_NETWORK.includes(j.iso2)
    ) {
      warn(`${j.iso2} (${j.name}) is outside the FATF network but in neither NO_LISTING nor SOVEREIGN_OUTSIDE_NETWORK`);
    }
    return {
      iso2: j.iso2,
      iso3: j.iso3,
      names: namesFor(j),
      region: j.region,
      fatfMember: j.fatfMember,
      fsrbs: [...j.fsrb].sort(),
      status,
      statusSince,
      blackListAction: status === 'black' ? (listing?.action ?? null) : null,
    };
  });

// --- consistency with the hand-written files --------------------------------------------------------------------

const bodyCodes = new Set(bodies.map((b) => b.code));
if (!bodyCodes.has('FATF')) throw new Error('regional-bodies.json has no FATF entry');
for (const j of jurisdictions) {
  for (const code of j.fsrbs) {
    if (!bodyCodes.has(code)) throw new Error(`${j.iso2}: body ${code} is not defined in regional-bodies.json`);
  }
}
const statusCodes = new Set(statusTexts.statuses.map((s) => s.status));
const actionCodes = new Set(statusTexts.statuses.flatMap((s) => s.actions ?? []).map((a) => a.action));
for (const code of ['not_listed', 'grey', 'black', 'no_listing']) {
  if (!statusCodes.has(code)) throw new Error(`statuses.json has no texts for status ${code}`);
}
for (const code of ['countermeasures', 'enhanced_due_diligence']) {
  if (!actionCodes.has(code)) throw new Error(`statuses.json has no texts for black-list action ${code}`);
}

// --- write ----------------------------------------------------------------------------------------------------

const prettierOptions = (await prettier.resolveConfig(join(here, 'jurisdictions.json'))) ?? {};
async function write(file: string, data: unknown) {
  const text = await prettier.format(JSON.stringify(data, null, 2), { ...prettierOptions, parser: 'json' });
  writeFileSync(join(here, file), text);
}

await write('jurisdictions.json', jurisdictions);
await write('plenaries.json', plenaries);
await write('meta.json', { asOf: lists.asOf, lastChecked, sources: SOURCES, credits: CREDITS });

const count = (s: Status) => jurisdictions.filter((j) => j.status === s).length;
console.log(
  `wrote ${jurisdictions.length} jurisdictions (grey ${count('grey')}, black ${count('black')}, ` +
    `not_listed ${count('not_listed')}, no_listing ${count('no_listing')}), ${plenaries.length} plenaries, meta ` +
    `(asOf ${lists.asOf}, lastChecked ${lastChecked}); ${warnings.length} warning(s)`,
);
