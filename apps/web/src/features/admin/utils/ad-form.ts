import { AD_PLACEMENTS } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';
import { adInputSchema, type AdInput, type AdminAd } from '@ray/shared/schemas/ad';
import { z } from 'zod';

/**
 * The ad editor's form. Fields are the shared `adInputSchema`'s, with its messages; only the dates differ: a
 * `datetime-local` input gives the admin's local wall time ("2025-06-01T09:30", or empty), which becomes an
 * ISO instant on the way to the server.
 */
const localDateTime = z
  .string()
  .refine((value) => value === '' || !Number.isNaN(new Date(value).getTime()), msg.invalidValue);

const { title, description, targetUrl, placements, weight } = adInputSchema.shape;

export const adFormSchema = z
  .object({
    title,
    description: description.unwrap(),
    imageUrl: z.string().nullable(),
    targetUrl,
    placements,
    startsAt: localDateTime,
    endsAt: localDateTime,
    weight: weight.unwrap(),
    isActive: z.boolean(),
  })
  .refine(
    (ad) => !ad.startsAt || !ad.endsAt || new Date(ad.endsAt).getTime() > new Date(ad.startsAt).getTime(),
    { path: ['endsAt'], message: msg.adEndsBeforeStart },
  );
export type AdFormValues = z.input<typeof adFormSchema>;
export type AdFormOutput = z.output<typeof adFormSchema>;

export const emptyAdForm = (): AdFormValues => ({
  title: '',
  description: '',
  imageUrl: null,
  targetUrl: '',
  placements: [],
  startsAt: '',
  endsAt: '',
  weight: 1,
  isActive: true,
});

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as the `datetime-local` value of the browser's time zone, or '' when there is none. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (local wall time) as an ISO instant, or null when empty or unreadable. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function adToForm(ad: AdminAd): AdFormValues {
  return {
    title: ad.title,
    description: ad.description,
    imageUrl: ad.imageUrl,
    targetUrl: ad.targetUrl,
    // Kept in the order the checkboxes show them.
    placements: AD_PLACEMENTS.filter((placement) => ad.placements.includes(placement)),
    startsAt: toLocalInput(ad.startsAt),
    endsAt: toLocalInput(ad.endsAt),
    weight: ad.weight,
    isActive: ad.isActive,
  };
}

export function formToAdInput(values: AdFormOutput): AdInput {
  return {
    title: values.title,
    description: values.description,
    imageUrl: values.imageUrl,
    targetUrl: values.targetUrl,
    placements: values.placements,
    startsAt: fromLocalInput(values.startsAt),
    endsAt: fromLocalInput(values.endsAt),
    weight: values.weight,
    isActive: values.isActive,
  };
}
