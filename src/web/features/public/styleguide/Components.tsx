import { useId, useState } from 'react';
import { formatCents } from '../../../../shared/domain/money';
import { styleguideTexts } from '../../../../shared/i18n/public-docs';
import { Badge, type BadgeVariant } from '../../../components/ui/Badge';
import { Button, type ButtonSize, type ButtonVariant } from '../../../components/ui/Button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/Card';
import { Input, Label, Textarea } from '../../../components/ui/Field';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/Table';
import { Icon } from '../components/Icon';
import { DocSection } from '../components/DocsParts';
import { SampleLabel } from './SampleLabel';

const t = styleguideTexts;
// Typed as records so a new variant in Button or Badge fails the type check until shown here.
const BUTTON_VARIANT_LABELS: Record<ButtonVariant, string> = t.buttons.variants;
const BUTTON_SIZE_LABELS: Record<ButtonSize, string> = t.buttons.sizes;
const BADGE_VARIANT_LABELS: Record<BadgeVariant, string> = t.badges.variants;
const BUTTON_VARIANTS = Object.keys(BUTTON_VARIANT_LABELS) as ButtonVariant[];
const BUTTON_SIZES = Object.keys(BUTTON_SIZE_LABELS) as ButtonSize[];
const BADGE_VARIANTS = Object.keys(BADGE_VARIANT_LABELS) as BadgeVariant[];

const TYPE_SCALE = [
  { className: 'text-5xl font-bold tracking-tight', name: 'text-5xl · 700' },
  { className: 'text-4xl font-bold tracking-tight', name: 'text-4xl · 700' },
  { className: 'text-3xl font-bold', name: 'text-3xl · 700' },
  { className: 'text-2xl font-bold', name: 'text-2xl · 700' },
  { className: 'text-xl font-semibold', name: 'text-xl · 600' },
  { className: 'text-lg font-semibold', name: 'text-lg · 600' },
  { className: 'text-base', name: 'text-base · 400' },
  { className: 'text-sm text-muted-foreground', name: 'text-sm · muted' },
  { className: 'text-xs text-muted-foreground', name: 'text-xs · muted' },
] as const;

export function TypographySection() {
  return (
    <DocSection id="typografie" title={t.sections.typography} lead={t.typography.lead}>
      <ul className="flex flex-col gap-4">
        {TYPE_SCALE.map((entry) => (
          <li
            key={entry.name}
            className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:gap-6"
          >
            <code className="w-40 shrink-0 text-xs text-muted-foreground">{entry.name}</code>
            <span className={`min-w-0 break-words ${entry.className}`}>
              {entry.name.startsWith('text-base') ||
              entry.name.startsWith('text-sm') ||
              entry.name.startsWith('text-xs')
                ? t.typography.body
                : t.typography.sample}
            </span>
          </li>
        ))}
        <li className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:gap-6">
          <code className="w-40 shrink-0 text-xs text-muted-foreground">font-mono</code>
          <span className="font-mono">{t.typography.mono}</span>
        </li>
      </ul>
    </DocSection>
  );
}

export function ButtonsSection() {
  return (
    <DocSection id="buttons" title={t.sections.buttons}>
      <SampleLabel>{t.buttons.variantsLabel}</SampleLabel>
      <div className="flex flex-wrap gap-3">
        {BUTTON_VARIANTS.map((variant) => (
          <Button key={variant} variant={variant}>
            {BUTTON_VARIANT_LABELS[variant]}
          </Button>
        ))}
      </div>
      <div className="mt-8">
        <SampleLabel>{t.buttons.sizesLabel}</SampleLabel>
        <div className="flex flex-wrap items-center gap-3">
          {BUTTON_SIZES.map((size) =>
            size === 'icon' ? (
              <Button key={size} size="icon" variant="outline" aria-label={t.buttons.iconOnly}>
                <Icon name="close" />
              </Button>
            ) : (
              <Button key={size} size={size}>
                {BUTTON_SIZE_LABELS[size]}
              </Button>
            ),
          )}
          <Button disabled>{t.buttons.disabled}</Button>
          <Button variant="accent">
            {t.buttons.withIcon}
            <Icon name="arrowRight" />
          </Button>
        </div>
      </div>
    </DocSection>
  );
}

export function FormsSection() {
  const id = useId();
  const [message, setMessage] = useState('');
  return (
    <DocSection id="formulare" title={t.sections.forms}>
      <div className="grid max-w-3xl gap-6 md:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-email`}>{t.forms.email}</Label>
          <Input
            id={`${id}-email`}
            type="email"
            placeholder={t.forms.emailPlaceholder}
            autoComplete="off"
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-amount`}>{t.forms.amount}</Label>
          <Input
            id={`${id}-amount`}
            type="number"
            min={0}
            step={0.5}
            placeholder="0.00"
            aria-describedby={`${id}-amount-hint`}
          />
          <p id={`${id}-amount-hint`} className="text-sm text-muted-foreground">
            {t.forms.amountHint}
          </p>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-invalid`}>{t.forms.invalid}</Label>
          <Input
            id={`${id}-invalid`}
            defaultValue="anna@"
            aria-invalid="true"
            aria-describedby={`${id}-invalid-error`}
            className="border-destructive"
          />
          <p id={`${id}-invalid-error`} className="text-sm text-destructive">
            {t.forms.invalidMessage}
          </p>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-disabled`}>{t.forms.disabled}</Label>
          <Input id={`${id}-disabled`} disabled defaultValue="demo@demo.local" />
        </div>
        <div className="flex flex-col gap-2 md:col-span-2">
          <Label htmlFor={`${id}-message`}>{t.forms.message}</Label>
          <Textarea
            id={`${id}-message`}
            maxLength={200}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            placeholder={t.forms.messagePlaceholder}
          />
          <p className="text-right text-sm text-muted-foreground" aria-live="polite">
            {message.length}/200
          </p>
        </div>
        <label className="flex items-center gap-3 md:col-span-2">
          <input type="checkbox" className="h-5 w-5 accent-[var(--primary)]" />
          <span>{t.forms.checkbox}</span>
        </label>
      </div>
    </DocSection>
  );
}

export function CardsAndBadgesSection() {
  return (
    <>
      <DocSection id="karten" title={t.sections.cards}>
        <div className="grid gap-6 md:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>{t.cards.title}</CardTitle>
              <CardDescription>{t.cards.description}</CardDescription>
            </CardHeader>
            <CardContent>
              <p className="italic">{t.cards.body}</p>
            </CardContent>
            <CardFooter>
              <Button variant="outline" size="sm">
                {t.cards.action}
              </Button>
            </CardFooter>
          </Card>
          <Table>
            <caption className="sr-only">{t.feedback.tableCaption}</caption>
            <TableHead>
              <TableRow>
                <TableHeaderCell>{t.feedback.tableHead.time}</TableHeaderCell>
                <TableHeaderCell>{t.feedback.tableHead.action}</TableHeaderCell>
                <TableHeaderCell className="text-right">
                  {t.feedback.tableHead.amount}
                </TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {t.feedback.tableRows.map((row) => (
                <TableRow key={row.time}>
                  <TableCell>{row.time}</TableCell>
                  <TableCell>{row.action}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatCents(row.amountCents)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </DocSection>
      <DocSection id="badges" title={t.sections.badges}>
        <div className="flex flex-wrap gap-3">
          {BADGE_VARIANTS.map((variant) => (
            <Badge key={variant} variant={variant}>
              {BADGE_VARIANT_LABELS[variant]}
            </Badge>
          ))}
        </div>
      </DocSection>
    </>
  );
}
