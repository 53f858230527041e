import { useForm, type SubmissionResult } from "@conform-to/react";
import type { FormFields, Validate } from "./types";

/**
 * Every form of the withdraw screen validates the same way: on leaving a field, then as the
 * player corrects it, with the server's answer (`lastResult`) shown when JavaScript is off.
 */
export function useStepForm(
  id: string,
  lastResult: SubmissionResult<string[]> | null | undefined,
  onValidate: Validate,
  defaultValue?: Record<string, string>,
) {
  return useForm<FormFields, FormFields, string[]>({
    id,
    lastResult,
    onValidate,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue,
  });
}
