import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from './button.tsx';

export type CloseButtonProps = Omit<ButtonProps, 'children'>;

/**
 * An icon-only button that closes something. Defaults: a small X icon, the accessible name
 * t('ui:close') (override with `aria-label`), ghost neutral, size 'sm'.
 */
export function CloseButton({
  icon = X,
  variant = 'ghost',
  color = 'neutral',
  size = 'sm',
  'aria-label': ariaLabel,
  ...props
}: CloseButtonProps) {
  const { t } = useTranslation('ui');
  return (
    <Button
      icon={icon}
      variant={variant}
      color={color}
      size={size}
      aria-label={ariaLabel ?? t('ui:close')}
      {...props}
    />
  );
}
