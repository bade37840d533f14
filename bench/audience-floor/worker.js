// The floor of the audience-count benchmark (bench/audience-count.mjs): the least a Worker under
// wrangler dev can do to answer a count — run one given statement on the local D1 and return its
// rows. No auth, no membership, no segment, no look-ups. `GET /?sql=…&args=<JSON array>`.
export default {
  async fetch(req, env) {
    const url = new URL(req.url);
    const sql = url.searchParams.get("sql");
    if (!sql) return new Response("sql?", { status: 400 });
    const args = JSON.parse(url.searchParams.get("args") ?? "[]");
    const { results } = await env.DB.prepare(sql).bind(...args).all();
    return Response.json(results);
  },
};
