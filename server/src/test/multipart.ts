// Upload bodies for API tests: multipart/form-data exactly as a browser's FormData encodes it.

export type UploadFile = { name: string; content: Buffer; type?: string };

/** `data` first unless `dataLast`; files under `file` unless `fileField` names another part. */
export async function multipart(
  files: UploadFile[],
  data: unknown,
  options: { dataLast?: boolean; dataAsBlob?: boolean; fileField?: string } = {},
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  const addData = () => {
    if (data === undefined) return;
    const text = typeof data === "string" ? data : JSON.stringify(data);
    if (options.dataAsBlob) form.append("data", new Blob([text], { type: "application/json" }), "blob");
    else form.append("data", text);
  };
  if (!options.dataLast) addData();
  for (const file of files) {
    const blob = new Blob([new Uint8Array(file.content)], { type: file.type ?? "application/octet-stream" });
    form.append(options.fileField ?? "file", blob, file.name);
  }
  if (options.dataLast) addData();
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get("content-type") ?? "" };
}
