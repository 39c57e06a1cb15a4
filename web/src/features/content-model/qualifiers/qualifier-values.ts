// Between the qualifier editor's form values and the API body; the values travel as `{"values": [...]}` JSON.
import { parseQualifierDetails, type Qualifier, type QualifierCreateBody, type QualifierType } from "@repox/contracts";

export type QualifierFormValues = {
  qualifierKey: string;
  qualifierName: string;
  qualifierType: QualifierType;
  values: string[];
  description: string;
  externalSource: string;
};

export function qualifierFormValues(qualifier: Qualifier | null): QualifierFormValues {
  const details = qualifier ? parseQualifierDetails(qualifier.qualifierType, qualifier.qualifierDetails) : null;
  return {
    qualifierKey: qualifier?.qualifierKey ?? "",
    qualifierName: qualifier?.qualifierName ?? "",
    qualifierType: qualifier?.qualifierType ?? "enum",
    values: details?.ok ? details.details.values : [],
    description: qualifier?.description ?? "",
    externalSource: qualifier?.externalSource ?? "",
  };
}

/** The body without the key: text qualifiers take any value, so only enum qualifiers send their values. */
export function toQualifierFields(values: QualifierFormValues): Omit<QualifierCreateBody, "qualifierKey"> {
  return {
    qualifierName: values.qualifierName.trim(),
    qualifierType: values.qualifierType,
    qualifierDetails: JSON.stringify({ values: values.qualifierType === "enum" ? values.values : [] }),
    description: values.description.trim(),
    externalSource: values.externalSource.trim(),
  };
}
