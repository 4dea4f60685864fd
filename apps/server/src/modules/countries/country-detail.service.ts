import type { CountryDetailResponse, CountryLanguage, RelatedDocument } from '@compliance/shared/countries';
import type { Actor } from '../access/actor.ts';
import {
  localizedCredits,
  pickDocumentLanguage,
  type KnowledgeBaseDocument,
  type RegionalBodies,
  type StatusTexts,
} from './countries.content.ts';
import type { CountriesDeps } from './countries.deps.ts';
import { countryNotFound, toChange, toIso2, toSummary } from './countries.mappers.ts';
import { requireDataset } from './country-list.service.ts';

/**
 * The knowledge-base file each related document became, in the order asked (null: not imported).
 * The document library provides it (`countries.setRelatedDocumentsResolver`); until then documents
 * link to their official source only.
 */
export type RelatedDocumentsResolver = (
  documents: ReadonlyArray<{ id: string; language: string }>,
) => Promise<Array<string | null>>;

export interface CountryDetailDeps extends Pick<CountriesDeps, 'access' | 'repository' | 'log'> {
  /** FATF documents of the knowledge base, by document id (one entry per language version). */
  relatedDocuments: Map<string, KnowledgeBaseDocument[]>;
}

/** A jurisdiction's page: name and status for everyone, the full page (guidance, history, documents) for accounts. */
export function createCountryDetailService({ access, repository, log, relatedDocuments }: CountryDetailDeps) {
  let resolveFiles: RelatedDocumentsResolver | null = null;

  /** The documents in the reader's language, each with its imported file when there is one. */
  async function relatedFor(language: CountryLanguage): Promise<RelatedDocument[]> {
    const picked = pickDocumentLanguage(relatedDocuments, language);
    let fileIds: Array<string | null> = [];
    if (resolveFiles && picked.length > 0) {
      try {
        fileIds = await resolveFiles(picked);
      } catch (error) {
        // The links to the official sources still work: degrade instead of failing the page.
        log.warn({ err: error }, 'Could not look up the knowledge-base files of the related documents');
      }
    }
    return picked.map((document, index) => ({ ...document, fileId: fileIds[index] ?? null }));
  }

  return {
    setRelatedDocumentsResolver(resolver: RelatedDocumentsResolver): void {
      resolveFiles = resolver;
    },

    /**
     * One jurisdiction. Unknown codes and jurisdictions the caller may not see (removed ones, for
     * everyone but admins) give the same COUNTRY_NOT_FOUND. Without an account: name and status only.
     */
    async getCountry(
      actor: Actor,
      { id, language }: { id: string; language: CountryLanguage },
    ): Promise<CountryDetailResponse> {
      await access.require(actor, 'country.read');
      const iso2 = toIso2(id);
      const row = iso2 ? await repository.findJurisdiction(iso2) : undefined;
      const admin = await access.can(actor, 'country.manage');
      if (!iso2 || !row || (row.removedAt !== null && !admin)) throw countryNotFound();
      const dataset = await requireDataset(repository);
      const country = toSummary(row, { admin });
      if (!(await access.can(actor, 'country.detail'))) return { access: 'preview', asOf: dataset.asOf, country };

      const statusTexts = dataset.statusTexts as StatusTexts;
      const bodies = dataset.regionalBodies as RegionalBodies;
      const texts = statusTexts.statuses.find((entry) => entry.status === row.status);
      const actionTexts = texts?.actions?.find((entry) => entry.action === row.blackListAction);
      const fatf = bodies.find((body) => body.type === 'fatf');
      const memberships = [
        ...(row.fatfMember && fatf ? [fatf] : []),
        ...row.fsrbs.map((code) => bodies.find((body) => body.code === code)).filter((body) => body !== undefined),
      ].map((body) => ({
        code: body.code,
        type: body.type,
        name: body.name[language],
        shortName: body.shortName[language],
        description: body.description[language],
        website: body.website,
      }));
      return {
        access: 'full',
        asOf: dataset.asOf,
        country,
        memberships,
        fatfMembershipSuspended: Boolean(fatf?.membershipSuspended?.includes(row.iso2)),
        guidance: {
          label: texts?.label[language] ?? row.status,
          officialListName: texts?.officialListName?.[language] ?? null,
          description: texts?.description[language] ?? '',
          dueDiligence: texts?.dueDiligence[language] ?? '',
          action: actionTexts
            ? {
                action: actionTexts.action,
                label: actionTexts.label[language],
                description: actionTexts.description[language],
                dueDiligence: actionTexts.dueDiligence[language],
              }
            : null,
          swissContext: statusTexts.swissContext[language],
          disclaimer: statusTexts.disclaimer[language],
        },
        timeline: (await repository.listChangesFor(iso2)).map(toChange),
        relatedDocuments: await relatedFor(language),
        credits: localizedCredits(dataset.credits),
      };
    },
  };
}

export type CountryDetailService = ReturnType<typeof createCountryDetailService>;
