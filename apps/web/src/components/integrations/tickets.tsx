import type { Connection } from '@compliance/shared/integrations';
import {
  TICKET_TITLE_MAX_LENGTH,
  createTaskInputSchema,
  ticketIdentifierSchema,
  type CreateTaskInput,
  type CreateTicketInput,
  type ImportedTicket,
  type TicketLink,
  type TicketLinkList,
} from '@compliance/shared/tickets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Download, ExternalLink, ListTodo, Plug, Ticket } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Dialog, DialogClose, DialogFor } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { paths } from '@/config/paths.ts';
import { api, errorMessageKey } from '@/lib/api-client.ts';
import { useShareTargets } from './get-share-targets.ts';
import { connectionPath, integrationQueryKeys } from './query-keys.ts';

const ticketsKey = (conversationId: string) => [...integrationQueryKeys.all, 'tickets', conversationId] as const;

/** The caller's tickets and tasks of a conversation; the server refreshes stale statuses from the remote. */
export function useConversationTickets(conversationId: string) {
  return useQuery({
    queryKey: ticketsKey(conversationId),
    queryFn: () =>
      api.get<TicketLinkList>(`/integrations/tickets?conversationId=${encodeURIComponent(conversationId)}`),
  });
}

function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ connectionId, ...input }: CreateTicketInput & { connectionId: string }) =>
      api.post<TicketLink>(`${connectionPath(connectionId)}/tickets`, input),
    // The dialog shows the failure itself.
    meta: { errorToast: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationQueryKeys.all }),
  });
}

/** Status words that mean "done" or "not going to be done" (RT's default lifecycle, Jira's Done, Asana's completed). */
const closedStatuses = new Set(['resolved', 'rejected', 'deleted', 'done', 'closed', 'completed']);

/** How a ticket is named: the remote's own label (Jira's "COMP-12"), else its number ("#12"). */
function useTicketLabel(): (link: Pick<TicketLink, 'number' | 'reference'>) => string {
  const { t } = useTranslation('integrations');
  return (link) => link.reference ?? t('integrations:tickets.reference', { number: link.number });
}

/** The conversation's tickets and tasks as badges (number and the remote's status) linking to the remote, and "Create ticket". */
export function ConversationTickets({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('integrations');
  const tickets = useConversationTickets(conversationId);
  const { systems } = useTicketSystems();
  const [open, setOpen] = useState(false);
  const links = tickets.data?.tickets ?? [];
  // Nothing to show or do without a ticket system or a linked ticket.
  if (systems.length === 0 && links.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <TicketBadges links={links} />
      {systems.length > 0 && (
        <Button size="sm" variant="outline" color="neutral" icon={Ticket} onClick={() => setOpen(true)}>
          {t('integrations:tickets.create')}
        </Button>
      )}
      <CreateTicketDialog conversationId={open ? conversationId : null} onOpenChange={setOpen} />
    </div>
  );
}

/** Whether the user has a ticket system to make tickets and tasks in (their own or the organisation's). */
export function useHasTicketSystems(enabled = true): boolean {
  return useTicketSystems(enabled).systems.length > 0;
}

/** What a dialog shows once the ticket system took the ticket or task: its number and a link to it. */
function CreatedTicket({ link, message, onDone }: { link: TicketLink; message: string; onDone: () => void }) {
  const { t } = useTranslation('integrations');
  const label = useTicketLabel();
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="text-sm text-neutral-800">
        {message}
      </p>
      <a href={link.url} target="_blank" rel="noreferrer" className={buttonClasses({ variant: 'outline' })}>
        <ExternalLink aria-hidden="true" className="size-4" />
        {t('integrations:tickets.open', { ticket: label(link), connection: link.connectionName })}
      </a>
      <div className="flex justify-end border-t border-neutral-200 pt-4">
        <Button onClick={onDone}>{t('integrations:tickets.close')}</Button>
      </div>
    </div>
  );
}

export interface CreateTicketDialogProps {
  /** The conversation to turn into a ticket; null closes the dialog. */
  conversationId: string | null;
  onOpenChange: (open: boolean) => void;
}

/** Turns a conversation into a ticket through one of the user's (or the organisation's) ticket systems. */
export function CreateTicketDialog({ conversationId, onOpenChange }: CreateTicketDialogProps) {
  const { t } = useTranslation('integrations');
  return (
    <DialogFor
      subject={conversationId}
      onOpenChange={onOpenChange}
      title={t('integrations:tickets.createTitle')}
      description={t('integrations:tickets.createDescription')}
    >
      {(subject, close) => <CreateTicketForm conversationId={subject} onDone={close} />}
    </DialogFor>
  );
}

function CreateTicketForm({ conversationId, onDone }: { conversationId: string; onDone: () => void }) {
  const { t } = useTranslation(['integrations', 'errors']);
  const { targets, systems } = useTicketSystems();
  const create = useCreateTicket();
  const label = useTicketLabel();
  const [chosen, setChosen] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<TicketLink | null>(null);

  if (created) {
    return (
      <CreatedTicket
        link={created}
        message={t('integrations:tickets.created', { ticket: label(created) })}
        onDone={onDone}
      />
    );
  }

  const selectedId = chosen || systems[0]?.id || '';
  const queue = queueOf(systems.find((connection) => connection.id === selectedId));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!selectedId) {
      setFailure('integrations:tickets.choose');
      return;
    }
    setFailure(null);
    try {
      setCreated(await create.mutateAsync({ connectionId: selectedId, conversationId }));
    } catch (error) {
      setFailure(errorMessageKey(error));
    }
  }

  return (
    <SystemsGate targets={targets} systems={systems}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <SystemSelect
          systems={systems}
          value={selectedId}
          onChange={(id) => {
            setChosen(id);
            setFailure(null);
          }}
        />
        {queue && (
          <FormField label={t('integrations:tickets.queue')}>
            <Input readOnly value={queue} />
          </FormField>
        )}
        <Failure message={failure} />
        <div className="flex flex-col-reverse gap-2 border-t border-neutral-200 pt-4 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" color="neutral">
              {t('integrations:tickets.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" icon={Ticket} loading={create.isPending}>
            {t('integrations:tickets.submit')}
          </Button>
        </div>
      </form>
    </SystemsGate>
  );
}

/** The queue a connection files into (an organisation connection's settings are hidden from non-admins). */
function queueOf(connection: Connection | undefined): string | null {
  const queue = connection?.settings['queue'];
  return typeof queue === 'string' ? queue : null;
}

// ---- shared parts ----

/** The user's ticket systems (their own and the organisation's), or the reason there are none. */
function useTicketSystems(enabled = true) {
  const targets = useShareTargets({ enabled });
  const systems = targets.data?.connections.filter((connection) => connection.capability === 'tickets') ?? [];
  return { targets, systems };
}

function SystemsGate({
  targets,
  systems,
  children,
}: {
  targets: ReturnType<typeof useShareTargets>;
  systems: Connection[];
  children: ReactNode;
}) {
  const { t } = useTranslation(['integrations', 'errors']);
  if (targets.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner />
      </div>
    );
  }
  if (targets.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t(errorMessageKey(targets.error))}
      </p>
    );
  }
  if (systems.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3 py-2">
        <p className="text-sm text-neutral-700">{t('integrations:tickets.none')}</p>
        <Link to={paths.app.integrations.getHref()} className={buttonClasses({ variant: 'outline', color: 'neutral' })}>
          <Plug aria-hidden="true" className="size-4" />
          {t('integrations:tickets.setUp')}
        </Link>
      </div>
    );
  }
  return <>{children}</>;
}

function SystemSelect({
  systems,
  value,
  onChange,
}: {
  systems: Connection[];
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation('integrations');
  return (
    <FormField label={t('integrations:tickets.connection')} required>
      <Select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        options={systems.map((connection) => ({
          value: connection.id,
          label: `${connection.name} (${t(`integrations:kinds.${connection.kind}.name`)})`,
        }))}
      />
    </FormField>
  );
}

function Failure({ message }: { message: string | null }) {
  const { t } = useTranslation(['integrations', 'errors']);
  if (!message) return null;
  return (
    <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {t(message)}
    </p>
  );
}

// ---- import a ticket's question ----

/** "Import ticket" for a new conversation: the ticket's first message becomes the draft question. */
export function ImportTicketButton({ onImported }: { onImported: (question: string) => void }) {
  const { t } = useTranslation('integrations');
  const { systems } = useTicketSystems();
  const [open, setOpen] = useState(false);
  if (systems.length === 0) return null;
  return (
    <>
      <Button size="sm" variant="outline" color="neutral" icon={Download} onClick={() => setOpen(true)}>
        {t('integrations:tickets.import')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('integrations:tickets.importTitle')}
        description={t('integrations:tickets.importDescription')}
      >
        {open && (
          <ImportTicketForm
            onImported={(question) => {
              onImported(question);
              setOpen(false);
            }}
          />
        )}
      </Dialog>
    </>
  );
}

function ImportTicketForm({ onImported }: { onImported: (question: string) => void }) {
  const { t } = useTranslation(['integrations', 'errors']);
  const { targets, systems } = useTicketSystems();
  const [chosen, setChosen] = useState('');
  const [number, setNumber] = useState('');
  const [numberError, setNumberError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const selectedId = chosen || systems[0]?.id || '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ticketIdentifierSchema.safeParse(number.trim() || undefined);
    if (!parsed.success) {
      setNumberError(parsed.error.issues[0]?.message ?? 'integrations:validation.ticketNumberInvalid');
      return;
    }
    setNumberError(null);
    setFailure(null);
    setPending(true);
    try {
      const ticket = await api.get<ImportedTicket>(
        `${connectionPath(selectedId)}/tickets/${encodeURIComponent(parsed.data)}`,
      );
      onImported(ticket.question);
    } catch (error) {
      setFailure(errorMessageKey(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <SystemsGate targets={targets} systems={systems}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <SystemSelect systems={systems} value={selectedId} onChange={setChosen} />
        <FormField
          label={t('integrations:tickets.number')}
          hint={t('integrations:tickets.numberHint')}
          required
          error={numberError ? t(numberError) : undefined}
        >
          <Input value={number} onChange={(event) => setNumber(event.target.value)} autoComplete="off" />
        </FormField>
        <Failure message={failure} />
        <div className="flex flex-col-reverse gap-2 border-t border-neutral-200 pt-4 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" color="neutral">
              {t('integrations:tickets.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" icon={Download} loading={pending}>
            {t('integrations:tickets.importSubmit')}
          </Button>
        </div>
      </form>
    </SystemsGate>
  );
}

// ---- tasks ----

export type TaskSource = { conversationId: string; messageId?: string } | { country: string };

function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ connectionId, ...input }: CreateTaskInput & { connectionId: string }) =>
      api.post<TicketLink>(`${connectionPath(connectionId)}/tasks`, input),
    meta: { errorToast: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationQueryKeys.all }),
  });
}

/** The tasks made for a FATF country, with their statuses (refreshed by the server). */
export function useCountryTasks(country: string, enabled: boolean) {
  return useQuery({
    queryKey: [...integrationQueryKeys.all, 'tickets', 'country', country],
    queryFn: () => api.get<TicketLinkList>(`/integrations/tickets?country=${encodeURIComponent(country)}`),
    enabled,
  });
}

export function TicketBadges({ links }: { links: TicketLink[] }) {
  const { t } = useTranslation('integrations');
  const label = useTicketLabel();
  if (links.length === 0) return null;
  return (
    <ul aria-label={t('integrations:tickets.linked')} className="flex flex-wrap items-center gap-2">
      {links.map((link) => (
        <li key={link.id}>
          <a
            href={link.url}
            target="_blank"
            rel="noreferrer"
            aria-label={t('integrations:tickets.open', { ticket: label(link), connection: link.connectionName })}
          >
            <Badge color={closedStatuses.has(link.status.toLowerCase()) ? 'success' : 'primary'}>
              <Ticket aria-hidden="true" className="size-3" />
              {t('integrations:tickets.badge', { ticket: label(link), status: link.status })}
            </Badge>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** "Create task": a dialog with title, description, due date and assignee, prefilled by the caller. */
export function CreateTaskButton({
  source,
  defaults,
}: {
  source: TaskSource;
  defaults: { title: string; description: string };
}) {
  const { t } = useTranslation('integrations');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" color="neutral" icon={ListTodo} onClick={() => setOpen(true)}>
        {t('integrations:tickets.task')}
      </Button>
      <CreateTaskDialog task={open ? { source, defaults } : null} onOpenChange={setOpen} />
    </>
  );
}

export interface CreateTaskDialogProps {
  /** What the task is about and the form's first values; null closes the dialog. */
  task: { source: TaskSource; defaults: { title: string; description: string } } | null;
  onOpenChange: (open: boolean) => void;
}

/** Creates a task (title, description, due date, assignee) about an answer or a country in a ticket system. */
export function CreateTaskDialog({ task, onOpenChange }: CreateTaskDialogProps) {
  const { t } = useTranslation('integrations');
  return (
    <DialogFor
      subject={task}
      onOpenChange={onOpenChange}
      title={t('integrations:tickets.taskTitle')}
      description={t('integrations:tickets.taskDescription')}
    >
      {(subject, close) => <CreateTaskForm source={subject.source} defaults={subject.defaults} onDone={close} />}
    </DialogFor>
  );
}

function CreateTaskForm({
  source,
  defaults,
  onDone,
}: {
  source: TaskSource;
  defaults: { title: string; description: string };
  onDone: () => void;
}) {
  const { t } = useTranslation(['integrations', 'errors']);
  const { targets, systems } = useTicketSystems();
  const create = useCreateTask();
  const label = useTicketLabel();
  const [chosen, setChosen] = useState('');
  const [values, setValues] = useState({
    title: defaults.title,
    description: defaults.description,
    due: '',
    owner: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<TicketLink | null>(null);
  const selectedId = chosen || systems[0]?.id || '';

  if (created) {
    return (
      <CreatedTicket
        link={created}
        message={t('integrations:tickets.taskCreated', { ticket: label(created) })}
        onDone={onDone}
      />
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { ...values, due: values.due || null, ...source };
    const parsed = createTaskInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      setCreated(await create.mutateAsync({ connectionId: selectedId, ...input }));
    } catch (error) {
      setFailure(errorMessageKey(error));
    }
  }

  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));
  const errorOf = (key: string) => (errors[key] ? t(errors[key]) : undefined);

  return (
    <SystemsGate targets={targets} systems={systems}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <SystemSelect systems={systems} value={selectedId} onChange={setChosen} />
        <FormField label={t('integrations:tickets.title')} required error={errorOf('title')}>
          <Input value={values.title} onChange={set('title')} maxLength={TICKET_TITLE_MAX_LENGTH} />
        </FormField>
        <FormField label={t('integrations:tickets.description')} error={errorOf('description')}>
          <Textarea rows={5} value={values.description} onChange={set('description')} />
        </FormField>
        <FormField label={t('integrations:tickets.due')} error={errorOf('due')}>
          <Input type="date" value={values.due} onChange={set('due')} />
        </FormField>
        <FormField
          label={t('integrations:tickets.owner')}
          hint={t('integrations:tickets.ownerHint')}
          error={errorOf('owner')}
        >
          <Input value={values.owner} onChange={set('owner')} autoComplete="off" />
        </FormField>
        <Failure message={failure} />
        <div className="flex flex-col-reverse gap-2 border-t border-neutral-200 pt-4 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" color="neutral">
              {t('integrations:tickets.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" icon={ListTodo} loading={create.isPending}>
            {t('integrations:tickets.task')}
          </Button>
        </div>
      </form>
    </SystemsGate>
  );
}

/** A FATF country page's tasks (with their statuses) and "Create task" about the country. */
export function CountryTasks({ country, countryName }: { country: string; countryName: string }) {
  const { t } = useTranslation('integrations');
  const { systems } = useTicketSystems();
  const tasks = useCountryTasks(country, true);
  const links = tasks.data?.tickets ?? [];
  if (systems.length === 0 && links.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <TicketBadges links={links} />
      {systems.length > 0 && (
        <CreateTaskButton
          source={{ country }}
          defaults={{
            title: t('integrations:tickets.countryTaskTitle', { country: countryName }),
            description: t('integrations:tickets.countryTaskDescription', { country: countryName }),
          }}
        />
      )}
    </div>
  );
}
