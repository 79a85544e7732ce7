/** The unit the customer sees weights in (issue 24): kilograms or pounds, saved with the profile. */
import { useId } from 'react';
import type { TFunction } from 'i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { WEIGHT_UNIT_NAMES } from '../../lib/weight/weight-unit.ts';

interface Props {
  t: TFunction;
  registration: UseFormRegisterReturn;
}

export function WeightUnitField({ t, registration }: Props) {
  const id = useId();
  return (
    <fieldset className="field" aria-describedby={`${id}-hint`}>
      <legend>{t('profile.weightUnit')}</legend>
      <p className="field-hint" id={`${id}-hint`}>
        {t('profile.weightUnitHint')}
      </p>
      {WEIGHT_UNIT_NAMES.map((unit) => (
        <div className="field field-check" key={unit}>
          <input id={`${id}-${unit}`} type="radio" value={unit} {...registration} />
          <label htmlFor={`${id}-${unit}`}>{t(`profile.weightUnit.${unit}`)}</label>
        </div>
      ))}
    </fieldset>
  );
}
