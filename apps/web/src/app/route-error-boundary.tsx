/**
 * What a screen shows when it cannot render (its code chunk failed to download on a dropped
 * connection, or it threw): a message and a reload button, inside the layout so the header, footer
 * and navigation stay usable. Keyed by the location by its parent, so navigating away clears it.
 */
import { Component, type ContextType, type ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";
import { TranslatorContext } from "@/lib/i18n/translator";

export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  static override contextType = TranslatorContext;
  declare context: ContextType<typeof TranslatorContext>;
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    const i18n = this.context;
    const detail = this.state.error instanceof Error ? this.state.error.message : i18n._("Unknown error");
    return (
      <div role="alert" className="mx-auto max-w-3xl space-y-4 px-4 py-12 sm:px-6">
        <h1 className="text-3xl font-extrabold">{i18n._("Something went wrong")}</h1>
        <p className="text-muted">{i18n._("This page could not be shown ({detail}). Reloading usually helps.", { detail })}</p>
        <button type="button" className={buttonClass("primary")} onClick={() => window.location.reload()}>
          {i18n._("Reload the page")}
        </button>
      </div>
    );
  }
}
