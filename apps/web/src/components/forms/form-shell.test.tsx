// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { TextField } from '@/components/ui/text-field';
import { fieldProps } from './field-props';
import { FormShell } from './form-shell';

afterEach(cleanup);

type EmailErrors = FieldErrors<{ email: string }>;

// Errors passed to `useForm` must keep their identity between renders, so each test builds them once.
function EmailForm({ errors: given }: { errors?: EmailErrors }) {
  const {
    register,
    formState: { errors },
  } = useForm({ defaultValues: { email: '' }, ...(given ? { errors: given } : {}) });
  const field = fieldProps(register, errors);
  return (
    <FormShell
      onSubmit={() => undefined}
      pending={false}
      error={errors.root?.server?.message}
      submitLabel="إرسال"
    >
      <TextField id="email" label="البريد الإلكتروني" {...field('email')} />
    </FormShell>
  );
}

describe('FormShell', () => {
  it('shows the server error above the fields and the field error under its input', () => {
    const errors: EmailErrors = {
      email: { type: 'server', message: 'البريد غير صالح' },
      root: { server: { type: 'server', message: 'تعذر الاتصال' } },
    };
    render(<EmailForm errors={errors} />);
    expect(screen.getByRole('alert').textContent).toBe('تعذر الاتصال');
    const input = screen.getByLabelText('البريد الإلكتروني');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('email-error');
    expect(document.getElementById('email-error')?.textContent).toBe('البريد غير صالح');
  });

  it('shows no alert while there is no error', () => {
    render(<EmailForm />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('البريد الإلكتروني').getAttribute('aria-invalid')).toBeNull();
  });

  it('marks the form and its submit button busy while pending', () => {
    const { container } = render(
      <FormShell onSubmit={() => undefined} pending error={undefined} submitLabel="حفظ" submitPlacement="end">
        <span />
      </FormShell>,
    );
    const form = container.querySelector('form');
    expect(form?.getAttribute('aria-busy')).toBe('true');
    expect(form?.noValidate).toBe(true);
    const button = screen.getByRole('button', { name: 'حفظ' });
    expect(button.getAttribute('type')).toBe('submit');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.parentElement?.className).toBe('flex justify-end');
  });
});
