import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_ROLE_DEFAULT, COMPANY_ROLE_DEFAULT, DemoRegisterBody } from '@kontor/contract';
import { useForm, type Path } from 'react-hook-form';
import type { z } from 'zod';

export type RegisterFormValues = z.input<typeof DemoRegisterBody>;
export type RegisterFormOutput = z.output<typeof DemoRegisterBody>;
export type RegisterField = Path<RegisterFormValues>;

/** Spec §3/§6 defaults: account role 'business', company role 'Admin'. Reset restores exactly these. */
export const registerDefaults: RegisterFormValues = {
  account: {
    first_name: '',
    last_name: '',
    email: '',
    phonenumber: '',
    role: ACCOUNT_ROLE_DEFAULT,
    password: '',
    password2: '',
    company_name: '',
    category: '',
  },
  company: { name: '', country: '', url: '', role: COMPANY_ROLE_DEFAULT, platform: '', agreed_to_terms: false },
};

/** The fields each step shows; Next validates only the current step's. */
export const STEP_FIELDS: readonly (readonly RegisterField[])[] = [
  ['account.first_name', 'account.last_name', 'account.email', 'account.phonenumber', 'account.password', 'account.password2'],
  ['company.name', 'account.category', 'company.country', 'company.url', 'company.platform'],
  ['company.agreed_to_terms'],
];

export const ALL_FIELDS: readonly RegisterField[] = STEP_FIELDS.flat();

export function stepOfField(field: string): number | undefined {
  const index = STEP_FIELDS.findIndex((fields) => fields.some((name) => name === field));
  return index === -1 ? undefined : index;
}

export function useRegisterForm() {
  return useForm<RegisterFormValues, unknown, RegisterFormOutput>({
    resolver: zodResolver(DemoRegisterBody),
    defaultValues: registerDefaults,
    mode: 'onTouched',
  });
}
