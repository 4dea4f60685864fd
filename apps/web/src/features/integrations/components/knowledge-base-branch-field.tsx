import { useId } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFunctions } from '@/components/knowledge-base/get-functions.ts';
import { useResourceTypes } from '@/components/knowledge-base/get-resource-types.ts';
import { useLocalizedName } from '@/components/knowledge-base/localized-name.ts';
import { FormField } from '@/components/ui/form-field.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';

export interface KnowledgeBaseBranchFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** The form's fields for the branch (`settings.knowledgeBase.functionId` and `.resourceTypeId`). */
  functionName: Path<T>;
  resourceTypeName: Path<T>;
}

/**
 * Where an organisation source's documents go: a branch of the knowledge base, chosen as a regulatory
 * function and a resource type from the admin knowledge-base taxonomy. Choosing another function
 * clears the resource type (the list is that function's).
 */
export function KnowledgeBaseBranchField<T extends FieldValues>({
  control,
  functionName,
  resourceTypeName,
}: KnowledgeBaseBranchFieldProps<T>) {
  const { t } = useTranslation(['integrations', 'errors']);
  const name = useLocalizedName();
  const hintId = useId();
  // The refs apart (they let the form focus a field it finds wrong), the rest is read while rendering.
  const {
    field: { ref: functionRef, ...functionField },
    fieldState: functionState,
  } = useController({ control, name: functionName });
  const {
    field: { ref: resourceTypeRef, ...resourceTypeField },
    fieldState: resourceTypeState,
  } = useController({ control, name: resourceTypeName });
  const functionId = typeof functionField.value === 'string' ? functionField.value : '';
  const resourceTypeId = typeof resourceTypeField.value === 'string' ? resourceTypeField.value : '';
  const functions = useFunctions();
  const resourceTypes = useResourceTypes(functionId, { enabled: functionId !== '' });
  const failure = functions.error ?? resourceTypes.error;
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  return (
    <fieldset aria-describedby={hintId} className="flex flex-col gap-3 rounded-lg border border-neutral-200 p-3">
      <legend className="px-1 text-sm font-medium text-neutral-900">{t('integrations:fields.knowledgeBase')}</legend>
      <p id={hintId} className="-mt-1 text-xs text-neutral-500">
        {t('integrations:fields.knowledgeBaseHint')}
      </p>
      {functions.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            label={t('integrations:fields.regulatoryFunction')}
            error={message(functionState.error?.message)}
            required
          >
            <Select
              ref={functionRef}
              name={functionField.name}
              value={functionId}
              onBlur={functionField.onBlur}
              onChange={(event) => {
                functionField.onChange(event.target.value);
                resourceTypeField.onChange('');
              }}
              placeholder={t('integrations:fields.choose')}
              options={(functions.data ?? []).map((item) => ({ value: item.id, label: name(item.names) }))}
            />
          </FormField>
          <FormField
            label={t('integrations:fields.resourceType')}
            error={message(resourceTypeState.error?.message)}
            required
          >
            <Select
              ref={resourceTypeRef}
              name={resourceTypeField.name}
              value={resourceTypeId}
              onBlur={resourceTypeField.onBlur}
              onChange={(event) => resourceTypeField.onChange(event.target.value)}
              disabled={functionId === '' || resourceTypes.isPending}
              placeholder={t(
                functionId === '' ? 'integrations:fields.chooseFunctionFirst' : 'integrations:fields.choose',
              )}
              options={(resourceTypes.data?.resourceTypes ?? []).map((item) => ({
                value: item.id,
                label: name(item.names),
              }))}
            />
          </FormField>
        </div>
      )}
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {t(errorMessageKey(failure))}
        </p>
      )}
    </fieldset>
  );
}
