import type { PlanDto } from '@compliance/shared/billing';
import type { TFunction } from 'i18next';

/** A plan's name and description: the interface's translation of the shipped text, or the admin's own. */
export function planText(plan: Pick<PlanDto, 'id' | 'name' | 'description' | 'customized'>, t: TFunction) {
  if (plan.customized) return { name: plan.name, description: plan.description };
  return {
    name: t(`billing:catalogue.${plan.id}.name`, { defaultValue: plan.name }),
    description: t(`billing:catalogue.${plan.id}.description`, { defaultValue: plan.description }),
  };
}
