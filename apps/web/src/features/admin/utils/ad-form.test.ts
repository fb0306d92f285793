import { msg } from '@ray/shared/messages.ar';
import type { AdminAd } from '@ray/shared/schemas/ad';
import { describe, expect, it } from 'vitest';
import { adFormSchema, adToForm, emptyAdForm, formToAdInput, fromLocalInput, toLocalInput } from './ad-form';

const ad: AdminAd = {
  id: 4,
  title: 'إعلان',
  description: 'وصف',
  imageUrl: null,
  targetUrl: 'https://example.com',
  placements: ['Mobile', 'Header'],
  startsAt: '2030-01-01T06:30:00.000Z',
  endsAt: null,
  weight: 3,
  isActive: false,
  impressions: 10,
  clicks: 1,
  status: 'paused',
  createdAt: '2029-12-01T00:00:00.000Z',
};

function errorsOf(value: unknown): Record<string, string[]> {
  const result = adFormSchema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return errors;
}

describe('ad form', () => {
  it('turns a local date and time into the same instant and back', () => {
    const local = toLocalInput('2030-01-01T06:30:00.000Z');
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInput(local)).toBe('2030-01-01T06:30:00.000Z');
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('not a date')).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('garbage')).toBeNull();
  });

  it('fills the form from an ad and sends back the same ad', () => {
    const values = adToForm(ad);
    expect(values.placements).toEqual(['Header', 'Mobile']);
    expect(values.endsAt).toBe('');
    const parsed = adFormSchema.parse(values);
    expect(formToAdInput(parsed)).toEqual({
      title: 'إعلان',
      description: 'وصف',
      imageUrl: null,
      targetUrl: 'https://example.com',
      placements: ['Header', 'Mobile'],
      startsAt: '2030-01-01T06:30:00.000Z',
      endsAt: null,
      weight: 3,
      isActive: false,
    });
  });

  it('shows the shared Arabic messages for what is missing or wrong', () => {
    expect(errorsOf(emptyAdForm())).toEqual({
      title: [msg.adTitleMin],
      targetUrl: [msg.adTargetUrlInvalid],
      placements: [msg.adPlacementsRequired],
    });
    const valid = { ...adToForm(ad), endsAt: '' };
    expect(errorsOf({ ...valid, targetUrl: 'javascript:alert(1)' })).toEqual({
      targetUrl: [msg.adTargetUrlInvalid],
    });
    expect(errorsOf({ ...valid, weight: Number.NaN })).toEqual({ weight: [msg.adWeightInvalid] });
    expect(errorsOf({ ...valid, weight: 101 })).toEqual({ weight: [msg.adWeightInvalid] });
    expect(errorsOf({ ...valid, startsAt: '2030-02-01T10:00', endsAt: '2030-01-01T10:00' })).toEqual({
      endsAt: [msg.adEndsBeforeStart],
    });
  });
});
