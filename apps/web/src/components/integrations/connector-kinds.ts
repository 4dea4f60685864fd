import type { ConnectorKind } from '@compliance/shared/integrations';
import {
  BookOpenText,
  BookText,
  Box,
  Boxes,
  Cloud,
  Database,
  FolderSync,
  HardDrive,
  Hash,
  Headset,
  Inbox,
  Library,
  LifeBuoy,
  ListChecks,
  Mail,
  MessagesSquare,
  NotebookText,
  SquareKanban,
  Ticket,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Each connector kind's icon (its name and description are `integrations:kinds.<kind>.*`). */
export const connectorKindIcons: Record<ConnectorKind, LucideIcon> = {
  webdav: FolderSync,
  s3: Database,
  onedrive: Cloud,
  dropbox: Box,
  googledrive: HardDrive,
  box: Boxes,
  dokuwiki: BookOpenText,
  mediawiki: BookText,
  confluence: Library,
  notion: NotebookText,
  slack: Hash,
  teams: Webhook,
  matrix: MessagesSquare,
  email: Mail,
  imap: Inbox,
  requesttracker: Ticket,
  zendesk: Headset,
  freshdesk: LifeBuoy,
  jira: SquareKanban,
  asana: ListChecks,
};

/**
 * Where a connection (or a journal line) points, for display: the server's target as it is ("host/path",
 * "#channel"), except a Teams workflow's, which is only its host and reads "Workflow at {host}" in the
 * interface language.
 */
export function useTargetText(): (item: { kind: ConnectorKind; target: string }) => string {
  const { t } = useTranslation('integrations');
  return ({ kind, target }) => (kind === 'teams' ? t('integrations:target.teams', { host: target }) : target);
}

/**
 * The text of an error code a connection, a sync or a journal line reports (a code of the remote
 * tool or of the library): its own translation, or a general remote error for a code this
 * interface does not know yet. Never the remote's own words, which are shown apart as a detail.
 */
export function useIntegrationErrorText(): (code: string) => string {
  const { t } = useTranslation('errors');
  return (code) => t(`errors:${code}`, { defaultValue: t('errors:INTEGRATION_REMOTE_ERROR') });
}
