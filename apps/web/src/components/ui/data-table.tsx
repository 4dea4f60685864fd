import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { EmptyState } from './empty-state.tsx';
import { Skeleton } from './skeleton.tsx';

export interface DataColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Classes added to this column's cells (the first column is often emphasised). */
  className?: string;
}

/** Below this width the table scrolls sideways inside its frame rather than squeezing its columns. */
const minWidths = { sm: 'min-w-[40rem]', md: 'min-w-[44rem]', lg: 'min-w-[56rem]' } as const;

export interface DataTableProps<Row> {
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => string;
  minWidth?: keyof typeof minWidths;
  /** Attributes of a row (a test id, a highlight). */
  rowProps?: (row: Row) => Record<string, string | undefined>;
}

/** A bordered, horizontally scrolling table of rows, one cell renderer per column (admin lists, invoices). */
export function DataTable<Row>({ rows, columns, rowKey, minWidth = 'md', rowProps }: DataTableProps<Row>) {
  return (
    <div className="overflow-x-auto rounded-lg border border-neutral-200 bg-white">
      <table className={cn('w-full text-left text-sm', minWidths[minWidth])}>
        <thead className="bg-neutral-50 text-xs text-neutral-600 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className="px-4 py-2 font-semibold">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((column) => (
                <td key={column.id} className={cn('px-4 py-2', column.className)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface ListQueryProps<Item> {
  query: UseQueryResult<readonly Item[]>;
  /** What an empty list says. */
  empty: { icon: LucideIcon; title: string };
  /** The placeholder's height while loading. */
  loadingClassName?: string;
  children: (items: readonly Item[]) => ReactNode;
}

/** A list from the server: a placeholder while it loads, its error in the user's language, its empty state, or the list. */
export function ListQuery<Item>({ query, empty, loadingClassName = 'h-48', children }: ListQueryProps<Item>) {
  const { t } = useTranslation('errors');
  if (query.isPending) return <Skeleton className={loadingClassName} />;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t(errorMessageKey(query.error))}
      </p>
    );
  }
  if (query.data.length === 0) return <EmptyState icon={empty.icon} title={empty.title} />;
  return <>{children(query.data)}</>;
}
