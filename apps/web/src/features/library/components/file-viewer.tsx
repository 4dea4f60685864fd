import { Download, FileWarning } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OriginLine } from '@/components/integrations/origin-line.tsx';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageStepper } from '@/components/ui/page-stepper.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import { downloadFile } from '../api/download-file.ts';
import { useFileContent } from '../api/get-file-content.ts';
import { StatusBadge } from './status-badge.tsx';

export interface FileViewerProps {
  fileId: string | null;
  page: number;
  onPageChange: (page: number) => void;
  onClose: () => void;
}

/** The extracted text of a document, page by page, with the original for download. */
export function FileViewer({ fileId, page, onPageChange, onClose }: FileViewerProps) {
  const { t } = useTranslation(['documents', 'errors']);
  const content = useFileContent(fileId);
  const [downloading, setDownloading] = useState(false);
  const pages = content.data?.pages ?? [];
  const current = pages.find((item) => item.number === page) ?? pages[0];
  const pageIndex = current ? pages.indexOf(current) : -1;
  const textRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    textRef.current?.scrollTo?.({ top: 0 });
  }, [current?.number]);

  const file = content.data?.file;
  return (
    <Dialog
      open={fileId !== null}
      onOpenChange={(open) => !open && onClose()}
      size="xl"
      title={file ? (file.title ?? file.name) : t('documents:viewer.loading')}
      description={
        file && ((file.title && file.title !== file.name) || file.origin) ? (
          <>
            {file.title && file.title !== file.name && file.name}
            {file.origin && <OriginLine origin={file.origin} />}
          </>
        ) : undefined
      }
      footer={
        file && (
          <Button
            icon={Download}
            variant="outline"
            loading={downloading}
            onClick={async () => {
              setDownloading(true);
              try {
                await downloadFile(file.id, file.name);
              } catch (error) {
                toast.add({ title: t(errorMessageKey(error)), color: 'danger' });
              } finally {
                setDownloading(false);
              }
            }}
          >
            {t('documents:viewer.download')}
          </Button>
        )
      }
    >
      {content.isPending ? (
        <Spinner />
      ) : content.isError ? (
        <EmptyState icon={FileWarning} title={t(errorMessageKey(content.error))} titleAs="p" />
      ) : file && (file.status !== 'ready' || pages.length === 0) ? (
        <div className="flex flex-col items-start gap-3">
          <StatusBadge status={file.status} />
          <p>
            {file.status === 'failed'
              ? t(`documents:failure.${file.failureCode ?? 'INGESTION_FAILED'}`)
              : file.noText || file.status === 'ready'
                ? t('documents:viewer.noText')
                : t('documents:viewer.converting')}
          </p>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          {file?.noText && <p className="text-sm text-neutral-500">{t('documents:viewer.noText')}</p>}
          <PageStepper
            label={t('documents:viewer.pages')}
            position={t('documents:viewer.pageOf', { page: current?.number ?? 1, total: pages.length })}
            previousLabel={t('documents:viewer.previous')}
            nextLabel={t('documents:viewer.next')}
            canGoBack={pageIndex > 0}
            canGoForward={pageIndex < pages.length - 1}
            onPrevious={() => onPageChange(pages[pageIndex - 1]!.number)}
            onNext={() => onPageChange(pages[pageIndex + 1]!.number)}
          />
          <div
            ref={textRef}
            data-testid="viewer-text"
            className="max-h-[60dvh] overflow-y-auto rounded-lg border border-neutral-200 bg-neutral-50 p-4 font-serif text-[15px] leading-relaxed whitespace-pre-wrap text-neutral-800"
          >
            {current?.text}
          </div>
        </div>
      )}
    </Dialog>
  );
}
