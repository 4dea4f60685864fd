import type { AdminCourse } from '@compliance/shared/courses';
import { Download, FileUp, ListPlus, Pencil, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Dialog, DialogClose } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { formatDate } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { exportCourse, useAdminCourses, useImportCourse, useImportGift, usePublishCourse } from '../api/admin.ts';
import { newCourse } from '../utils/course-template.ts';

export const handle = { title: 'courses:admin.title' } satisfies RouteHandle;

function fieldErrors(error: unknown): string[] {
  return isApiError(error) && error.fields
    ? Object.entries(error.fields).map(([path, message]) => `${path}: ${message}`)
    : [];
}

function GiftDialog({ course }: { course: AdminCourse }) {
  const { t } = useTranslation(['courses', 'ui', 'errors']);
  const [open, setOpen] = useState(false);
  const [lesson, setLesson] = useState('');
  const [text, setText] = useState('');
  const gift = useImportGift(course.slug);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      size="lg"
      trigger={
        <Button size="xs" variant="outline" color="neutral" icon={ListPlus}>
          {t('courses:admin.gift')}
        </Button>
      }
      title={t('courses:admin.giftTitle', { title: course.title })}
      description={t('courses:admin.giftDescription')}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline" color="neutral">
              {t('ui:cancel')}
            </Button>
          </DialogClose>
          <Button
            loading={gift.isPending}
            disabled={!lesson.trim() || !text.trim()}
            onClick={() =>
              gift.mutate(
                { lesson: lesson.trim(), text },
                {
                  onSuccess: (result) => {
                    toast.add({
                      title: t('courses:admin.giftImported', { count: result.imported }),
                      description:
                        result.skipped.length > 0
                          ? t('courses:admin.giftSkipped', { list: result.skipped.join(', ') })
                          : undefined,
                      color: 'success',
                    });
                    setOpen(false);
                    setText('');
                  },
                },
              )
            }
          >
            {t('courses:admin.import')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <FormField label={t('courses:admin.lessonSlug')} hint={t('courses:admin.lessonSlugHint')} required>
          <Input value={lesson} onChange={(event) => setLesson(event.target.value)} />
        </FormField>
        <FormField
          label={t('courses:admin.giftText')}
          required
          error={gift.isError ? t(errorMessageKey(gift.error)) : undefined}
        >
          <Textarea
            rows={10}
            className="font-mono text-xs"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </FormField>
      </div>
    </Dialog>
  );
}

/** Admin: courses (/admin/courses): publish, import and export course files, GIFT questions. */
export function Component() {
  const { t, i18n } = useTranslation(['courses', 'errors']);
  const courses = useAdminCourses();
  const publish = usePublishCourse();
  const importCourse = useImportCourse();
  const fileInput = useRef<HTMLInputElement>(null);
  const [importErrors, setImportErrors] = useState<string[]>([]);
  const navigate = useNavigate();
  const create = () => {
    const taken = new Set(courses.data?.courses.map((course) => course.slug));
    let n = 1;
    while (taken.has(`new-course-${n}`)) n += 1;
    importCourse.mutate(newCourse(`new-course-${n}`), {
      onSuccess: (course) => void navigate(paths.admin.course.getHref(course.slug)),
      onError: (error) => setImportErrors([t(errorMessageKey(error))]),
    });
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setImportErrors([]);
    let content: unknown;
    try {
      content = JSON.parse(await file.text());
    } catch {
      setImportErrors([t('courses:admin.notJson')]);
      return;
    }
    importCourse.mutate(content, {
      onSuccess: (course) =>
        toast.add({ title: t('courses:admin.imported', { title: course.title }), color: 'success' }),
      onError: (error) => setImportErrors([t(errorMessageKey(error)), ...fieldErrors(error)]),
    });
  };

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={t('courses:admin.title')}
        description={t('courses:admin.description')}
        actions={
          <>
            <input
              ref={fileInput}
              type="file"
              accept="application/json,.json"
              className="sr-only"
              aria-label={t('courses:admin.importFile')}
              onChange={(event) => {
                void onFile(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <Button
              variant="outline"
              color="neutral"
              icon={FileUp}
              loading={importCourse.isPending}
              onClick={() => fileInput.current?.click()}
            >
              {t('courses:admin.importFile')}
            </Button>
            <Button icon={Plus} disabled={importCourse.isPending} onClick={create}>
              {t('courses:admin.newCourse')}
            </Button>
          </>
        }
      />
      {importErrors.length > 0 && (
        <div role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <ul className="list-disc pl-5">
            {importErrors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      )}
      {courses.isPending ? (
        <Skeleton className="h-48" />
      ) : courses.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t(errorMessageKey(courses.error))}
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-neutral-200 bg-white">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead className="bg-neutral-50 text-xs text-neutral-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-2">
                  {t('courses:admin.course')}
                </th>
                <th scope="col" className="px-4 py-2">
                  {t('courses:admin.contents')}
                </th>
                <th scope="col" className="px-4 py-2">
                  {t('courses:admin.learners')}
                </th>
                <th scope="col" className="px-4 py-2">
                  {t('courses:admin.updated')}
                </th>
                <th scope="col" className="px-4 py-2">
                  {t('courses:admin.published')}
                </th>
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">{t('courses:admin.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100">
              {courses.data.courses.map((course) => (
                <tr key={course.slug}>
                  <td className="px-4 py-3">
                    <Link
                      to={paths.courses.course.getHref(course.slug)}
                      className="font-medium text-primary-700 hover:underline"
                    >
                      {course.title}
                    </Link>
                    <div className="text-xs text-neutral-500">{course.slug}</div>
                  </td>
                  <td className="px-4 py-3 text-neutral-700">
                    {t('courses:admin.counts', {
                      lessons: course.lessonCount,
                      cards: course.cardCount,
                      questions: course.questionCount,
                    })}
                  </td>
                  <td className="px-4 py-3">{course.learnerCount}</td>
                  <td className="px-4 py-3">{formatDate(course.updatedAt, i18n.language)}</td>
                  <td className="px-4 py-3">
                    <Switch
                      aria-label={t('courses:admin.publishLabel', { title: course.title })}
                      checked={course.published}
                      disabled={publish.isPending}
                      onCheckedChange={(published) => publish.mutate({ slug: course.slug, published })}
                    />
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap justify-end gap-2">
                      <Link
                        to={paths.admin.course.getHref(course.slug)}
                        className={buttonClasses({ size: 'xs', variant: 'outline', color: 'neutral' })}
                        aria-label={t('courses:admin.editLabel', { title: course.title })}
                      >
                        <Pencil aria-hidden="true" className="size-3.5" />
                        {t('courses:admin.edit')}
                      </Link>
                      <GiftDialog course={course} />
                      <Button
                        size="xs"
                        variant="outline"
                        color="neutral"
                        icon={Download}
                        onClick={() =>
                          exportCourse(course.slug).catch((error: unknown) =>
                            toast.add({ title: t(errorMessageKey(error)), color: 'danger' }),
                          )
                        }
                      >
                        {t('courses:admin.export')}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
