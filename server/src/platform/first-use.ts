/**
 * A loader for a library imported on first use (exceljs, sharp, the AWS SDK, xmlbuilder2: a server that never needs
 * one never loads it): `load` runs at the first call, and every call answers that same promise.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load();
    return loading;
  };
}
