// Stylesheets are bundled by esbuild (imported for their side effect only).
declare module '*.css';
