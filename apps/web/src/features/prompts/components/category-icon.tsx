import type { PromptCategoryIcon } from '@compliance/shared/prompts';
import {
  Banknote,
  BookOpen,
  Briefcase,
  Building,
  Calculator,
  ChartLine,
  ClipboardCheck,
  FileText,
  Flag,
  Folder,
  Gavel,
  Globe,
  GraduationCap,
  Landmark,
  Lightbulb,
  ListChecks,
  Mail,
  MessageSquare,
  Scale,
  Search,
  ShieldCheck,
  TriangleAlert,
  UserCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@/lib/cn.ts';

/** The bundled lucide component of each icon a category may carry (no icon service at run time). */
export const categoryIcons: Record<PromptCategoryIcon, LucideIcon> = {
  folder: Folder,
  'file-text': FileText,
  scale: Scale,
  gavel: Gavel,
  'shield-check': ShieldCheck,
  landmark: Landmark,
  banknote: Banknote,
  briefcase: Briefcase,
  building: Building,
  globe: Globe,
  users: Users,
  'user-check': UserCheck,
  search: Search,
  'clipboard-check': ClipboardCheck,
  'list-checks': ListChecks,
  'book-open': BookOpen,
  'graduation-cap': GraduationCap,
  calculator: Calculator,
  'chart-line': ChartLine,
  mail: Mail,
  'message-square': MessageSquare,
  lightbulb: Lightbulb,
  'triangle-alert': TriangleAlert,
  flag: Flag,
};

/** A category's icon (decorative: the category's name always stands beside it). */
export function CategoryIcon({ icon, className }: { icon: PromptCategoryIcon; className?: string }) {
  const Icon = categoryIcons[icon] ?? Folder;
  return <Icon aria-hidden="true" className={cn('size-4 shrink-0', className)} />;
}
