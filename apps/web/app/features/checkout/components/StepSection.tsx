import { useEffect, useRef, type ReactNode } from 'react';
import { useCheckoutT } from '../../../i18n/checkout';
import { STEPS, type Step } from '../rules/steps';

/**
 * One step of the checkout: its numbered heading, its form while open, and once done a summary of
 * what was given with an "Edit" button. The heading of a step opened after the first is focused
 * (a screen reader hears where the shopper now is).
 */
export function StepSection({
  step,
  current,
  title,
  summary,
  onEdit,
  children,
}: {
  step: Step;
  current: Step;
  title: string;
  summary?: ReactNode;
  onEdit: () => void;
  children: ReactNode;
}) {
  const t = useCheckoutT();
  const index = STEPS.indexOf(step);
  const active = step === current;
  const done = index < STEPS.indexOf(current);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (active && index > 0) headingRef.current?.focus();
  }, [active, index]);
  return (
    <section className={`checkout-step${active ? ' active' : ''}`} aria-labelledby={`step-${step}`}>
      <h2 id={`step-${step}`} ref={headingRef} tabIndex={-1}>
        <span className="step-no" aria-hidden="true">
          {index + 1}
        </span>{' '}
        {title}
        <span className="sr-only"> ({t('checkout.step', { n: index + 1, total: STEPS.length })})</span>
      </h2>
      {active ? children : null}
      {done ? (
        <div className="step-summary">
          {summary}
          <button type="button" className="btn-link" onClick={onEdit}>
            {t('common.edit')} <span className="sr-only">{title}</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** What each step's component is given: the step open, the busy flag and the way back to it. */
export interface StepProps<Model> {
  current: Step;
  busy: boolean;
  onEdit: () => void;
  model: Model;
}
