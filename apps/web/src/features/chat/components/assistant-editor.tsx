import {
  ASSISTANT_DESCRIPTION_MAX_LENGTH,
  ASSISTANT_INSTRUCTIONS_MAX_LENGTH,
  ASSISTANT_NAME_MAX_LENGTH,
  updateAssistantInputSchema,
  type AdminAssistant,
} from '@compliance/shared/chat';
import { zodResolver } from '@hookform/resolvers/zod';
import { Bot, CircleCheck, RotateCcw, Save } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { toast } from '@/components/toaster/toast-store.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody, CardFooter, CardHeader } from '@/components/ui/card.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useUpdateAssistant } from '../api/update-assistant.ts';

// The edit form sends every field: the shared (partial) request schema with all of them required.
const assistantFormSchema = updateAssistantInputSchema.required();
type AssistantForm = z.input<typeof assistantFormSchema>;

function formValues(assistant: AdminAssistant): AssistantForm {
  return {
    name: assistant.name,
    description: assistant.description,
    instructions: assistant.instructions,
    defaultKnowledgeBase: assistant.defaultKnowledgeBase,
    defaultWebSearch: assistant.defaultWebSearch,
  };
}

/**
 * One assistant's definition as an edit form (admin). `offline`: the server answers with the built-in
 * engine, which does not use the instructions; the form says so.
 */
export function AssistantEditor({ assistant, offline = false }: { assistant: AdminAssistant; offline?: boolean }) {
  const { t } = useTranslation(['chat', 'errors']);
  const { formatDate } = useFormatters();
  const update = useUpdateAssistant();
  const form = useForm<AssistantForm, unknown, z.output<typeof assistantFormSchema>>({
    resolver: zodResolver(assistantFormSchema),
    defaultValues: formValues(assistant),
  });
  const { errors, isDirty } = form.formState;
  const headingId = `assistant-${assistant.id}-title`;
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({ id: assistant.id, ...values });
      form.reset(formValues(saved));
      toast.add({ title: t('chat:admin.saved', { name: saved.name }), color: 'success', icon: CircleCheck });
    } catch (error) {
      toast.add({ title: t('chat:admin.saveFailed'), description: t(errorMessageKey(error)), color: 'danger' });
    }
  });

  return (
    <Card data-testid={`assistant-${assistant.slug}`}>
      <form noValidate aria-labelledby={headingId} onSubmit={(event) => void onSubmit(event)}>
        <CardHeader
          titleAs="h2"
          title={
            <span id={headingId} className="inline-flex items-center gap-2">
              <Bot aria-hidden="true" className="size-4 text-primary-600" />
              {assistant.name}
            </span>
          }
          description={t('chat:admin.updated', { date: formatDate(assistant.updatedAt, { dateStyle: 'medium' }) })}
          actions={
            isDirty ? (
              <Badge color="warning" variant="soft">
                {t('chat:admin.unsaved')}
              </Badge>
            ) : undefined
          }
        />
        <CardBody className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <FormField label={t('chat:admin.fields.name')} required error={message(errors.name?.message)}>
            <Input maxLength={ASSISTANT_NAME_MAX_LENGTH} autoComplete="off" {...form.register('name')} />
          </FormField>
          <div className="flex flex-col justify-end gap-3 rounded-lg border border-neutral-200 p-3">
            <Controller
              control={form.control}
              name="defaultKnowledgeBase"
              render={({ field }) => (
                <Switch
                  label={t('chat:admin.fields.defaultKnowledgeBase')}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
              )}
            />
            <Controller
              control={form.control}
              name="defaultWebSearch"
              render={({ field }) => (
                <Switch
                  label={t('chat:admin.fields.defaultWebSearch')}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
              )}
            />
          </div>
          <FormField
            className="md:col-span-2"
            label={t('chat:admin.fields.description')}
            hint={t('chat:admin.hints.description')}
            required
            error={message(errors.description?.message)}
          >
            <Textarea rows={3} maxLength={ASSISTANT_DESCRIPTION_MAX_LENGTH} {...form.register('description')} />
          </FormField>
          <FormField
            className="md:col-span-2"
            label={t('chat:admin.fields.instructions')}
            hint={
              offline
                ? `${t('chat:admin.hints.instructions')} ${t('chat:admin.hints.instructionsOffline')}`
                : t('chat:admin.hints.instructions')
            }
            required
            error={message(errors.instructions?.message)}
          >
            <Textarea
              rows={10}
              maxLength={ASSISTANT_INSTRUCTIONS_MAX_LENGTH}
              className="font-mono text-xs"
              {...form.register('instructions')}
            />
          </FormField>
        </CardBody>
        <CardFooter>
          <Button
            variant="outline"
            color="neutral"
            icon={RotateCcw}
            disabled={!isDirty || update.isPending}
            onClick={() => form.reset(formValues(assistant))}
          >
            {t('chat:admin.reset')}
          </Button>
          <Button type="submit" icon={Save} loading={update.isPending}>
            {t('chat:admin.save')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
