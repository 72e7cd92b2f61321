// stopword 3.1 ships no types: each ISO 639-3 code names a list of lower-case words. Named here one
// by one, so the build keeps only the lists the app imports.
declare module 'stopword' {
  export const eng: readonly string[];
  export const por: readonly string[];
  export const porBr: readonly string[];
  export const spa: readonly string[];
  export const fra: readonly string[];
  export const deu: readonly string[];
  export const ita: readonly string[];
}
