// Reports (spec 2 §2 Reports, §7): live containers and datastreams counted per type, for the two charts.
import { z } from "zod";

/** One bar or slice: the type's name and how many live (not trashed) items have that type. */
export const ReportRow = z.object({ label: z.string(), value: z.number().int() });
export type ReportRow = z.infer<typeof ReportRow>;

/** Every type of the kind, none left out (0 included), by label. */
export const TypeReport = z.array(ReportRow);
export type TypeReport = z.infer<typeof TypeReport>;
