import { useId, useState } from 'react';
import {
  type RotaImportBodyInput,
  type RotaImportResult,
  type RotaMappingForm,
  rotaMappingFormSchema,
  type RotaPreview,
} from '../../../shared/api/rota-import';
import type { ShiftBoard } from '../../../shared/api/shifts';
import { adminRotaPart } from '../../../shared/i18n/admin-catalogue-rota';
import { FormError, SelectField, SubmitButton } from '../../components/form/fields';
import { Form, useZodForm } from '../../components/form/form';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/Card';
import { Label } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast-store';
import { api } from '../../lib/api';
import { useAdminTexts } from '../../lib/admin-language';
import { messageOf } from './admin-api';
import { scoped } from './business-scope';

/** The file's bytes as Base64, in chunks (a 1 MB file would overflow one apply call). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

const germanDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

type Body = RotaImportBodyInput;

function bodyOf(file: { data: string; name: string }, values: RotaMappingForm): Body {
  const [kind, id] = values.defaultTarget.split(':');
  return {
    file: file.data,
    fileName: file.name,
    mapping: {
      person: values.person,
      day: values.day,
      start: values.start,
      end: values.end,
      target: values.target || null,
    },
    defaultTarget: kind && id ? { kind: kind as 'point' | 'team', id } : null,
  };
}

/**
 * 'Dienstplan importieren' on /admin/shifts (decision 0670): choose a file, map its columns,
 * see every line's result, import the valid lines.
 */
export function RotaImport({
  board,
  locked,
  onImported,
}: {
  board: ShiftBoard;
  locked: boolean;
  onImported: () => void;
}) {
  const { rotaImport: t } = useAdminTexts(adminRotaPart);
  const fileId = useId();
  const [file, setFile] = useState<{ data: string; name: string } | null>(null);
  const [preview, setPreview] = useState<RotaPreview | null>(null);
  const [body, setBody] = useState<Body | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useZodForm(rotaMappingFormSchema, {
    defaultValues: { person: '', day: '', start: '', end: '', target: '', defaultTarget: '' },
  });

  const load = async (chosen: File | undefined) => {
    setPreview(null);
    setBody(null);
    if (!chosen) return;
    setBusy(true);
    try {
      const next = { data: await base64Of(chosen), name: chosen.name };
      setFile(next);
      const first = await api.post<RotaPreview>(scoped('/api/admin/shifts/import/preview'), {
        file: next.data,
        fileName: next.name,
      });
      const suggested = { ...first.suggested, ...(first.mapping ?? {}) };
      form.reset({
        person: suggested.person ?? '',
        day: suggested.day ?? '',
        start: suggested.start ?? '',
        end: suggested.end ?? '',
        target: suggested.target ?? '',
        defaultTarget: '',
      });
      setPreview(first);
      if (first.mapping) setBody({ file: next.data, fileName: next.name, mapping: first.mapping });
    } catch (error) {
      setFile(null);
      toast({
        title: t.readFailed,
        description: messageOf(error, t.readFailed),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  const runImport = async () => {
    if (!body || locked) return;
    setBusy(true);
    try {
      const result = await api.post<RotaImportResult>(scoped('/api/admin/shifts/import'), body);
      toast({
        title: t.imported(result.created, result.unchanged, result.skipped),
        variant: 'success',
      });
      const again = await api.post<RotaPreview>(scoped('/api/admin/shifts/import/preview'), body);
      setPreview(again);
      onImported();
    } catch (error) {
      toast({ title: t.failed, description: messageOf(error, t.failed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const columns = (preview?.columns ?? []).map((column) => ({ value: column, label: column }));
  const fields = ['person', 'day', 'start', 'end'] as const;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t.title}</CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5 sm:max-w-md">
          <Label htmlFor={fileId}>{t.file}</Label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv,text/plain"
            className="max-w-full text-sm"
            disabled={busy}
            onChange={(event) => void load(event.target.files?.[0])}
          />
          {busy ? <p className="text-sm text-muted-foreground">{t.reading}</p> : null}
        </div>
        {file && preview ? (
          <Form
            form={form}
            aria-label={t.mapping}
            className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-2"
            onSubmit={async (values) => {
              const next = bodyOf(file, values);
              const result = await api.post<RotaPreview>(
                scoped('/api/admin/shifts/import/preview'),
                next,
              );
              setPreview(result);
              setBody(next);
            }}
          >
            <div className="sm:col-span-2">
              <p className="font-medium">{t.mapping}</p>
              <p className="text-sm text-muted-foreground">{t.mappingHint}</p>
              <FormError />
            </div>
            {fields.map((field) => (
              <SelectField
                key={field}
                name={field}
                label={t.fields[field]}
                required
                placeholder={t.chooseColumn}
                options={columns}
              />
            ))}
            <SelectField
              name="target"
              label={t.fields.target}
              options={[{ value: '', label: t.noColumn }, ...columns]}
            />
            <SelectField
              name="defaultTarget"
              label={t.fields.defaultTarget}
              options={[
                { value: '', label: t.noDefault },
                ...board.targets.map((target) => ({
                  value: `${target.kind}:${target.id}`,
                  label: target.label,
                })),
              ]}
            />
            <SubmitButton
              pendingText={t.previewing}
              className="sm:col-span-2 sm:justify-self-start"
            >
              {t.showPreview}
            </SubmitButton>
          </Form>
        ) : null}
        {preview && body ? (
          <div className="flex flex-col gap-3">
            <p className="text-sm font-medium" role="status">
              {t.counts(preview.counts.new, preview.counts.unchanged, preview.counts.problem)}
            </p>
            <ul className="flex flex-col gap-2" aria-label={t.title}>
              {preview.lines.map((line) => (
                <li
                  key={line.line}
                  className="rounded-md border border-border p-2 text-sm break-words"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="text-muted-foreground">{t.line(line.line)}</span>
                    <Badge variant={line.state === 'problem' ? 'destructive' : 'secondary'}>
                      {t.states[line.state]}
                    </Badge>
                    <span className="font-medium">{line.personName ?? line.person}</span>
                  </div>
                  <div>
                    {[
                      line.day ? germanDay(line.day) : null,
                      line.startTime && line.endTime
                        ? `${line.startTime}–${line.endTime}${line.overnight ? ` ${t.nextDay}` : ''}`
                        : null,
                      line.targetName,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </div>
                  {line.problems.length > 0 ? (
                    <ul className="mt-1 list-disc pl-5 text-destructive">
                      {line.problems.map((problem) => (
                        <li key={problem}>{problem}</li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
            <Button
              type="button"
              className="self-start"
              disabled={busy || locked || preview.counts.new === 0}
              onClick={() => void runImport()}
            >
              {busy ? t.importing : t.import}
            </Button>
            {preview.counts.new === 0 ? (
              <p className="text-sm text-muted-foreground">{t.nothingToImport}</p>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
