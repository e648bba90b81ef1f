import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LAST_STEP, onboardingStepReducer, useOnboardingSteps } from './use-onboarding-steps';

describe('onboardingStepReducer', () => {
  it('has three steps, 0 to 2', () => {
    expect(LAST_STEP).toBe(2);
  });

  it('goes next only below step 2', () => {
    expect(onboardingStepReducer(0, { type: 'next' })).toBe(1);
    expect(onboardingStepReducer(1, { type: 'next' })).toBe(2);
    expect(onboardingStepReducer(2, { type: 'next' })).toBe(2);
  });

  it('goes back only above step 0', () => {
    expect(onboardingStepReducer(2, { type: 'previous' })).toBe(1);
    expect(onboardingStepReducer(1, { type: 'previous' })).toBe(0);
    expect(onboardingStepReducer(0, { type: 'previous' })).toBe(0);
  });

  it('resets to step 0 and clamps a jump to the existing steps', () => {
    expect(onboardingStepReducer(2, { type: 'reset' })).toBe(0);
    expect(onboardingStepReducer(0, { type: 'goTo', step: 1 })).toBe(1);
    expect(onboardingStepReducer(0, { type: 'goTo', step: 7 })).toBe(2);
    expect(onboardingStepReducer(2, { type: 'goTo', step: -1 })).toBe(0);
  });
});

describe('useOnboardingSteps', () => {
  it('exposes what the buttons may do at each step', () => {
    const { result } = renderHook(() => useOnboardingSteps());
    expect(result.current).toMatchObject({ step: 0, canGoNext: true, canGoPrevious: false, isLastStep: false });
    act(() => result.current.next());
    act(() => result.current.next());
    expect(result.current).toMatchObject({ step: 2, canGoNext: false, canGoPrevious: true, isLastStep: true });
    act(() => result.current.next());
    expect(result.current.step).toBe(2);
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ step: 0, canGoNext: true, canGoPrevious: false });
  });
});
