// The dayjs locales of the UI languages, bundled so date pickers name months and weekdays in the
// UI language without loading anything (dayjs's "sr" is the Latin script, as Repox's Serbian).
import "dayjs/locale/el";
import "dayjs/locale/es";
import "dayjs/locale/it";
import "dayjs/locale/sr";
