// Preloaded into a server process (`node --import`) by tests: appends every module that process resolves, one URL a
// line, to the file REPOX_TEST_MODULE_LOG names.
import { register } from "node:module";

register(
  `data:text/javascript,${encodeURIComponent(`
    import { appendFileSync } from "node:fs";
    export async function resolve(specifier, context, next) {
      const resolved = await next(specifier, context);
      appendFileSync(${JSON.stringify(process.env.REPOX_TEST_MODULE_LOG)}, resolved.url + "\\n");
      return resolved;
    }
  `)}`,
);
