// Migration files are bundled as text (wrangler.toml [[rules]] type = "Text").
declare module "*.sql" {
  const sql: string;
  export default sql;
}
