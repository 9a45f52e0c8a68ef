// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { EmailSchema } from '@carol/contracts';
import { schemaCheck, useForm, type LiveCheck } from './use-form';

const submitEvent = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent;

function renderForm(
  live?: LiveCheck | Partial<Record<'email' | 'password' | 'confirm', LiveCheck>>,
) {
  return renderHook(() =>
    useForm({
      initial: { email: '', password: '', confirm: '' },
      checks: {
        email: schemaCheck(EmailSchema, 'bad e-mail'),
        password: (value) => (value.length >= 8 ? null : 'too short'),
        confirm: (value, values) => (value === values.password ? null : 'mismatch'),
      },
      dependents: { password: ['confirm'] },
      ...(live ? { live } : {}),
    }),
  );
}

describe('useForm', () => {
  it('checks every field on submit and calls onValid only when all pass', () => {
    const { result } = renderForm();
    const onValid = vi.fn();
    act(() => result.current.handleSubmit(onValid)(submitEvent()));
    expect(result.current.errors).toEqual({
      email: 'bad e-mail',
      password: 'too short',
      confirm: null,
    });
    expect(onValid).not.toHaveBeenCalled();
    act(() => result.current.setValue('email', 'minji@example.com'));
    act(() => result.current.setValue('password', 'Carol-2024'));
    act(() => result.current.setValue('confirm', 'Carol-2024'));
    act(() => result.current.handleSubmit(onValid)(submitEvent()));
    expect(onValid).toHaveBeenCalledWith({
      email: 'minji@example.com',
      password: 'Carol-2024',
      confirm: 'Carol-2024',
    });
  });

  it('checks a filled field as you type, an empty one only once it shows a message', () => {
    const { result } = renderForm();
    act(() => result.current.setValue('email', 'minji'));
    expect(result.current.errors.email).toBe('bad e-mail');
    act(() => result.current.setValue('password', ''));
    expect(result.current.errors.password).toBeUndefined();
  });

  it("in 'shown' mode leaves a field alone until a submit showed its message", () => {
    const { result } = renderForm('shown');
    act(() => result.current.setValue('email', 'minji'));
    expect(result.current.errors.email).toBeUndefined();
    act(() => result.current.handleSubmit(vi.fn())(submitEvent()));
    act(() => result.current.setValue('email', 'minji@example.com'));
    expect(result.current.errors.email).toBeNull();
  });

  it('checks a filled dependent field again when the field it depends on changes', () => {
    const { result } = renderForm();
    act(() => result.current.setValue('password', 'Carol-2024'));
    act(() => result.current.setValue('confirm', 'Carol-2024'));
    expect(result.current.errors.confirm).toBeNull();
    act(() => result.current.setValue('password', 'Carol-2025'));
    expect(result.current.errors.confirm).toBe('mismatch');
  });

  it("shows the server's field messages on the fields they name, renamed where asked", () => {
    const { result } = renderForm();
    act(() =>
      result.current.showServerErrors(
        [
          { field: 'email', resMessage: 'taken' },
          { field: 'new_password', resMessage: 'weak' },
          { field: 'unknown', resMessage: 'ignored' },
        ],
        { new_password: 'password' },
      ),
    );
    expect(result.current.errors).toEqual({ email: 'taken', password: 'weak' });
  });

  it("in 'submitted' mode checks nothing while typing until the first submit, then every change", () => {
    const { result } = renderForm('submitted');
    act(() => result.current.setValue('email', 'minji'));
    expect(result.current.errors.email).toBeUndefined();
    expect(result.current.isSubmitted).toBe(false);
    act(() => result.current.handleSubmit(vi.fn())(submitEvent()));
    act(() => result.current.setValue('email', ''));
    expect(result.current.errors.email).toBe('bad e-mail');
    act(() => result.current.reset());
    expect(result.current.isSubmitted).toBe(false);
    expect(result.current.errors).toEqual({});
  });

  it("in 'clears' mode a change clears the field's message without checking it", () => {
    const { result } = renderForm({ password: 'clears' });
    act(() => result.current.handleSubmit(vi.fn())(submitEvent()));
    expect(result.current.errors.password).toBe('too short');
    act(() => result.current.setValue('password', 'x'));
    expect(result.current.errors.password).toBeNull();
    // Other fields keep the default rule.
    act(() => result.current.setValue('email', 'minji'));
    expect(result.current.errors.email).toBe('bad e-mail');
  });

  it("in 'touched' mode checks a field once it was left filled, not while it is first typed", () => {
    const { result } = renderForm({ email: 'touched' });
    // Leaving it empty touches nothing.
    act(() => result.current.blur('email'));
    act(() => result.current.setValue('email', 'minji'));
    expect(result.current.errors.email).toBeUndefined();
    act(() => result.current.blur('email'));
    expect(result.current.errors.email).toBe('bad e-mail');
    act(() => result.current.setValue('email', 'minji@example.com'));
    expect(result.current.errors.email).toBeNull();
    act(() => result.current.setValue('email', 'minji@'));
    expect(result.current.errors.email).toBe('bad e-mail');
    // reset() forgets it was touched.
    act(() => result.current.reset());
    act(() => result.current.setValue('email', 'minji'));
    expect(result.current.errors.email).toBeUndefined();
  });

  it("in 'touched' mode a value that once passed, or a submit, makes the field touched", () => {
    const { result } = renderForm({ email: 'touched' });
    act(() => result.current.setValue('email', 'minji@example.com'));
    expect(result.current.errors.email).toBeUndefined();
    act(() => result.current.setValue('email', 'minji@example'));
    expect(result.current.errors.email).toBe('bad e-mail');

    const confirm = renderForm({ confirm: 'touched' }).result;
    act(() => confirm.current.setValue('confirm', 'x'));
    expect(confirm.current.errors.confirm).toBeUndefined();
    act(() => confirm.current.reset());
    act(() => confirm.current.handleSubmit(vi.fn())(submitEvent()));
    expect(confirm.current.errors.confirm).toBeNull();
    act(() => confirm.current.setValue('confirm', 'x'));
    expect(confirm.current.errors.confirm).toBe('mismatch');
  });

  it("in 'touched' mode a field left blank is untouched again, even after a submit", () => {
    const { result } = renderForm({ email: 'touched' });
    act(() => result.current.handleSubmit(vi.fn())(submitEvent()));
    act(() => result.current.setValue('email', 'minji@example.com'));
    act(() => result.current.setValue('email', '  '));
    expect(result.current.errors.email).toBe('bad e-mail');
    act(() => result.current.blur('email'));
    // Still showing its message, so still checked as typed until it passes.
    act(() => result.current.setValue('email', 'minji@example.com'));
    expect(result.current.errors.email).toBeNull();
    act(() => result.current.setValue('email', ''));
    act(() => result.current.setValue('email', 'minji'));
    expect(result.current.errors.email).toBe('bad e-mail');

    // Quiet when blank: left blank, the next try starts quiet.
    const { result: quiet } = renderHook(() =>
      useForm({
        initial: { code: '' },
        checks: { code: (value) => (value.trim() === '' || value === 'ok' ? null : 'bad code') },
        live: 'touched',
      }),
    );
    act(() => quiet.current.setValue('code', 'x'));
    act(() => quiet.current.blur('code'));
    expect(quiet.current.errors.code).toBe('bad code');
    act(() => quiet.current.setValue('code', ' '));
    expect(quiet.current.errors.code).toBeNull();
    act(() => quiet.current.blur('code'));
    act(() => quiet.current.setValue('code', 'x'));
    expect(quiet.current.errors.code).toBeNull();
  });

  it("in 'touched' mode a whole value touches the field, and is told at once when wrong", () => {
    const { result } = renderHook(() =>
      useForm({
        initial: { code: '' },
        checks: { code: (value) => (value === 'abcd' ? null : 'bad code') },
        live: 'touched',
        whole: { code: (value) => value.length >= 4 },
      }),
    );
    act(() => result.current.setValue('code', 'abc'));
    expect(result.current.errors.code).toBeUndefined();
    act(() => result.current.setValue('code', 'abcx'));
    expect(result.current.errors.code).toBe('bad code');
    act(() => result.current.setValue('code', 'ab'));
    expect(result.current.errors.code).toBe('bad code');
  });

  it("in 'touched' mode a field that starts with a value is touched and checked from the start", () => {
    const { result } = renderHook(() =>
      useForm({
        initial: { code: 'x' },
        checks: { code: (value) => (value === '' || value === 'ok' ? null : 'bad code') },
        live: 'touched',
      }),
    );
    expect(result.current.errors.code).toBe('bad code');
    act(() => result.current.setValue('code', ''));
    expect(result.current.errors.code).toBeNull();
    act(() => result.current.setValue('code', 'o'));
    expect(result.current.errors.code).toBe('bad code');
    act(() => result.current.setValue('code', 'ok'));
    act(() => result.current.reset());
    expect(result.current.values.code).toBe('x');
    expect(result.current.errors.code).toBe('bad code');
  });

  it('shows the initial messages from the start', () => {
    const { result } = renderHook(() =>
      useForm({
        initial: { key: '' },
        checks: { key: (value) => (value.trim() ? null : 'required') },
        live: 'clears',
        initialErrors: { key: 'refused' },
      }),
    );
    expect(result.current.errors.key).toBe('refused');
  });

  it("in 'clears' mode with a live check only a change that passes it clears the message", () => {
    const required = (value: string) => (value.trim() ? null : 'required');
    const { result } = renderHook(() =>
      useForm({
        initial: { key: '' },
        checks: { key: required },
        live: 'clears',
        liveChecks: { key: required },
        initialErrors: { key: 'refused' },
      }),
    );
    act(() => result.current.setValue('key', ' '));
    expect(result.current.errors.key).toBe('refused');
    act(() => result.current.setValue('key', ' k'));
    expect(result.current.errors.key).toBeNull();
    // Never checked while typing.
    act(() => result.current.setValue('key', ''));
    expect(result.current.errors.key).toBeNull();
  });

  it('checks with the milder live check while typing and the full one on submit', () => {
    const { result } = renderHook(() =>
      useForm({
        initial: { tel: '' },
        checks: { tel: (value) => (value === '010' ? null : 'bad number') },
        liveChecks: { tel: (value) => (value === '' || value === '010' ? null : 'bad number') },
        live: 'always',
      }),
    );
    act(() => result.current.setValue('tel', '01'));
    expect(result.current.errors.tel).toBe('bad number');
    act(() => result.current.setValue('tel', ''));
    expect(result.current.errors.tel).toBeNull();
    const onInvalid = vi.fn();
    act(() => result.current.handleSubmit(vi.fn(), onInvalid)(submitEvent()));
    expect(result.current.errors.tel).toBe('bad number');
    expect(onInvalid).toHaveBeenCalledWith({ tel: 'bad number' });
  });
});
