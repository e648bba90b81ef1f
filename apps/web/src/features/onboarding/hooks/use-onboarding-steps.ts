import { ONBOARDING_STEPS } from '@kontor/contract';
import { useReducer } from 'react';

export const FIRST_STEP = 0;
export const LAST_STEP = ONBOARDING_STEPS - 1;

export type OnboardingStepAction = { type: 'next' } | { type: 'previous' } | { type: 'reset' } | { type: 'goTo'; step: number };

/** Spec §4: steps 0 to 2; next only below step 2, previous only above step 0; reset goes back to the start. */
export function onboardingStepReducer(step: number, action: OnboardingStepAction): number {
  switch (action.type) {
    case 'next':
      return step < LAST_STEP ? step + 1 : step;
    case 'previous':
      return step > FIRST_STEP ? step - 1 : step;
    case 'reset':
      return FIRST_STEP;
    case 'goTo':
      return Math.min(LAST_STEP, Math.max(FIRST_STEP, Math.trunc(action.step)));
  }
}

export function useOnboardingSteps() {
  const [step, dispatch] = useReducer(onboardingStepReducer, FIRST_STEP);
  return {
    step,
    canGoNext: step < LAST_STEP,
    canGoPrevious: step > FIRST_STEP,
    isLastStep: step === LAST_STEP,
    next: () => dispatch({ type: 'next' }),
    previous: () => dispatch({ type: 'previous' }),
    reset: () => dispatch({ type: 'reset' }),
    goTo: (target: number) => dispatch({ type: 'goTo', step: target }),
  };
}
