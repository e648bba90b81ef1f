import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PublicPage } from '@/components/public-page';
import { useSnackbar } from '@/components/snackbar-provider';
import { fieldErrorsOf } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import type { LoginLocationState } from '@/lib/login-state';
import { useDemoRegister } from '../api/demo-register';
import { AccountStep } from '../components/account-step';
import { CompanyStep } from '../components/company-step';
import { ReviewStep } from '../components/review-step';
import { useOnboardingSteps } from '../hooks/use-onboarding-steps';
import { ALL_FIELDS, registerDefaults, STEP_FIELDS, stepOfField, useRegisterForm, type RegisterField } from '../hooks/use-register-form';

const STEP_LABELS = ['Account details', 'Company', 'Review'] as const;

export function RegisterScreen() {
  const navigate = useNavigate();
  const showSnackbar = useSnackbar();
  const steps = useOnboardingSteps();
  const form = useRegisterForm();
  const registerMutation = useDemoRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const { control } = form;
  /**
   * The field to focus once its step has rendered: an error on an earlier step takes the user back
   * there, where the step's autoFocus would leave them on its first field and a focus given while
   * the field was not shown goes nowhere.
   */
  // A new object each time, so the same field refused twice is focused again.
  const [focusAfterRender, setFocusAfterRender] = useState<{ field: RegisterField } | null>(null);
  useEffect(() => {
    if (focusAfterRender) form.setFocus(focusAfterRender.field);
  }, [focusAfterRender, form]);

  /** Goes to the step of the first invalid field (in the form's order) and focuses that field. */
  const showFirstError = (invalid: readonly RegisterField[]) => {
    const first = ALL_FIELDS.find((field) => invalid.includes(field));
    const step = first === undefined ? undefined : stepOfField(first);
    if (first === undefined || step === undefined) return;
    setFocusAfterRender({ field: first });
    steps.goTo(step);
  };

  const handleNext = async () => {
    const fields = STEP_FIELDS[steps.step] ?? [];
    if (await form.trigger([...fields], { shouldFocus: true })) steps.next();
  };

  const handleReset = () => {
    form.reset(registerDefaults);
    setFormError(null);
    registerMutation.reset();
    steps.reset();
  };

  const handleCreate = form.handleSubmit(
    (values) => {
      setFormError(null);
      // One company name is asked for; the account carries it too, as the old API expects.
      const body = { ...values, account: { ...values.account, company_name: values.account.company_name || values.company.name } };
      registerMutation.mutate(body, {
        onSuccess: () => {
          showSnackbar('Your demo account is ready. Log in to start.');
          const state: LoginLocationState = { email: values.account.email };
          void navigate('/login', { state });
        },
        onError: (error) => {
          setFormError(applyServerErrors(error, ALL_FIELDS, form.setError));
          const refused = Object.keys(fieldErrorsOf(error) ?? {});
          showFirstError(ALL_FIELDS.filter((field) => refused.includes(field)));
        },
      });
    },
    (errors) => {
      // Errors on an earlier step (e.g. after a reset on the last step): go where they are.
      if (Object.keys(errors).length) showFirstError(ALL_FIELDS.filter((field) => form.getFieldState(field).error));
    },
  );

  return (
    <PublicPage
      title="Create a demo account"
      subtitle="Three short steps: you, your company, and a last look before we set up your demo shop."
      width={640}
      footer={
        <>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login">
            Log in
          </Link>
        </>
      }
    >
      <Stepper activeStep={steps.step} alternativeLabel sx={{ mb: 4 }}>
        {STEP_LABELS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Box
        component="form"
        noValidate
        aria-label={STEP_LABELS[steps.step]}
        onSubmit={(event) => {
          event.preventDefault();
          if (steps.isLastStep) void handleCreate(event);
          else void handleNext();
        }}
      >
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        {steps.step === 0 ? <AccountStep control={control} /> : null}
        {steps.step === 1 ? <CompanyStep control={control} /> : null}
        {steps.step === 2 ? <ReviewStep control={control} /> : null}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 4 }}>
          <Button onClick={handleReset} color="inherit">
            Reset
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <Button variant="outlined" onClick={steps.previous} disabled={!steps.canGoPrevious || registerMutation.isPending}>
            Previous
          </Button>
          {steps.canGoNext ? (
            <Button type="submit" variant="contained">
              Next
            </Button>
          ) : (
            <Button type="submit" variant="contained" loading={registerMutation.isPending}>
              Create account
            </Button>
          )}
        </Box>
      </Box>
    </PublicPage>
  );
}
