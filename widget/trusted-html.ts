/**
 * The widget's Trusted Types policy, `venue-events`. Pages that enforce Trusted Types
 * (`require-trusted-types-for 'script'`) must allow it, and Lit's: `trusted-types venue-events
 * lit-html`. It is used only for HTML that is either parsed into an inert document and read as
 * text (excerpts) or sanitised by DOMPurify (descriptions), and for the text of the JSON-LD
 * block, which it accepts only when it is JSON (a data block, never run). It has no
 * `createScriptURL`: it cannot create a script URL at all.
 * Undefined where Trusted Types are unsupported or the page does not allow the policy.
 */
/** What TypeScript's DOM library lacks of the Trusted Types API. */
export interface Policy {
  /** HTML as a TrustedHTML where Trusted Types exist. */
  createHTML(html: string): string;
  /** Script text, only JSON (throws otherwise): the JSON-LD block's. */
  createScript(json: string): string;
}
type Factory = { createPolicy(name: string, rules: Policy): Policy };

function create(): Policy | undefined {
  try {
    return (globalThis as { trustedTypes?: Factory }).trustedTypes?.createPolicy('venue-events', {
      createHTML: (html) => html,
      createScript: (json) => (JSON.parse(json), json),
    });
  } catch {
    return undefined;
  }
}

export const policy = create();
