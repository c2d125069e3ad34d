// Markdown files (base prompt, built-in text) are bundled as strings by esbuild's text loader.
declare module '*.md' {
  const text: string;
  export default text;
}
