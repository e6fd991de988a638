/**
 * The signed-out admin page: a password form where the Worker signs operators in itself (local
 * development), a pointer to Cloudflare Access where that guards the portal, and an honest "closed"
 * when neither is configured. It never shows admin data.
 */
import { useState, type FormEvent } from "react";
import type { AdminSessionResponse } from "@jplay/schema/admin";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { hasErrorCode } from "@/lib/api-client";
import { apiErrorMessage } from "@/lib/error-message";
import { useSignInAdmin } from "../api/sign-in-admin";

function PasswordSignIn() {
  const signIn = useSignInAdmin();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) {
      setError("Enter the admin password.");
      return;
    }
    setError(null);
    signIn.mutate(password, {
      onError: (failure) => {
        setPassword("");
        // The server's own words (a wrong password, too many tries), else a plain fallback.
        setError(apiErrorMessage(failure, hasErrorCode(failure, "wrong_password") ? "Wrong password" : "Signing in failed. Please try again."));
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-sm space-y-4 rounded-2xl border border-line bg-surface p-6">
      <h2 className="text-xl font-bold">Operator sign-in</h2>
      <Field label="Password" error={error}>
        {(control) => (
          <input
            {...control}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            className={inputClass(Boolean(error))}
          />
        )}
      </Field>
      {/* Announced when it appears; the Field already ties it to the input. */}
      <div role="alert" className="sr-only">
        {error}
      </div>
      <Button type="submit" disabled={signIn.isPending}>
        {signIn.isPending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}

export function AdminSignIn({ method }: { method: AdminSessionResponse["method"] }) {
  if (method === "password") return <PasswordSignIn />;
  return (
    <div role="alert" className="max-w-xl space-y-3 rounded-2xl border border-line bg-surface p-6">
      {method === "access" ? (
        <>
          <p>Your operator sign-in has ended. Reload the page to sign in through your organisation's access page.</p>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </>
      ) : (
        <p>The admin portal is closed: no operator sign-in is configured on this server.</p>
      )}
    </div>
  );
}
