// scratch: PGlite instances made and closed in a loop, with a last-resort gc and (TRIM=1) malloc_trim between
import { PGlite } from "@electric-sql/pglite";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import koffi from "koffi";
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");
const trim = process.env.TRIM === "1" ? koffi.load("libc.so.6").func("int malloc_trim(size_t)") : () => 0;
for (let i = 0; i < Number(process.env.N ?? 40); i++) {
  const db = await PGlite.create();
  await db.exec("create table t (id int primary key, v text); insert into t select g, md5(g::text) from generate_series(1, 20000) g; create index on t (v);");
  for (let k = 0; k < 200; k++) await db.query("select count(*) from t where v like $1", [`${k % 10}%`]);
  await db.close();
  gc({ type: "major", execution: "sync", flavor: "last-resort" });
  trim(0);
  if (i % 5 === 0) console.log(i, (process.memoryUsage().rss / 2 ** 20).toFixed(0));
}
console.log("done");
