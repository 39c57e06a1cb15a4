// The IPv4 input mask 999.999.999.999 (spec 1 §5): four groups of up to three digits. A digit typed after a full
// group starts the next one, and a dot follows a full group by itself unless the user is deleting.

const GROUPS = 4;
const GROUP_DIGITS = 3;

export const IP_ADDRESS_MASK = "999.999.999.999";

export function maskIpAddress(typed: string, isDeleting = false): string {
  const groups: string[] = [""];
  for (const char of typed) {
    const last = groups.length - 1;
    const group = groups[last] ?? "";
    if (char >= "0" && char <= "9") {
      if (group.length < GROUP_DIGITS) groups[last] = group + char;
      else if (groups.length < GROUPS) groups.push(char);
    } else if (char === "." && group !== "" && groups.length < GROUPS) {
      groups.push("");
    }
  }
  const text = groups.join(".");
  const isLastFull = (groups[groups.length - 1] ?? "").length === GROUP_DIGITS;
  return !isDeleting && groups.length < GROUPS && isLastFull ? `${text}.` : text;
}
