/** What test/e2e/eleventy.test.ts uses of Eleventy 3, which ships no types. */
declare module '@11ty/eleventy' {
  export default class Eleventy {
    constructor(
      input: string,
      output: string,
      options?: { configPath?: string; quietMode?: boolean },
    );
    /** Builds the site into the output directory. */
    write(): Promise<unknown>;
  }
}
