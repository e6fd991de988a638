/**
 * Debian's nginx (nginx-light) serving one folder on a loopback port with its own temporary config,
 * prefix and logs: the reference static file server the Worker's media serving is compared with.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/local-server.ts";

export interface Nginx {
  baseURL: string;
  pid: number;
  stop(): Promise<void>;
}

/** Serves `root` at `/`; one worker process (the Worker is one workerd too), sendfile, ETags on. */
export async function startNginx(root: string, options: { cpu?: number } = {}): Promise<Nginx> {
  const prefix = await mkdtemp(path.join(os.tmpdir(), "jplay-nginx-"));
  const port = await freePort();
  const conf = `
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  types { audio/mpeg mp3; }
  server {
    listen 127.0.0.1:${port};
    root ${root};
    etag on;
  }
}
`;
  await writeFile(path.join(prefix, "nginx.conf"), conf);
  const command = options.cpu === undefined ? "/usr/sbin/nginx" : "taskset";
  const args = ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-g", "daemon off;"];
  const child = spawn(command, options.cpu === undefined ? args : ["-c", String(options.cpu), "/usr/sbin/nginx", ...args], {
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => (stderr += chunk));
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((r) => child.once("exit", r));
      process.kill(-child.pid, "SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    }
    await rm(prefix, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx stopped: ${stderr}`);
    try {
      await fetch(`${baseURL}/`, { method: "HEAD" });
      return { baseURL, pid: child.pid!, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await stop();
  throw new Error(`nginx did not listen on ${baseURL}: ${stderr}`);
}
