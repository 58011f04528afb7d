import type { ComponentProps } from 'react';
import { GST_STATES } from '#contract';
import { SelectField } from './form-field.tsx';

const STATE_OPTIONS = GST_STATES.map((state) => ({ value: state.code, label: state.name }));

/** A state or union territory chosen from GST's list (issue 26): its value is the GST state code. */
export function GstStateField(
  props: Omit<ComponentProps<typeof SelectField>, 'options' | 'placeholder'>,
) {
  return <SelectField options={STATE_OPTIONS} placeholder="Choose a state" {...props} />;
}
