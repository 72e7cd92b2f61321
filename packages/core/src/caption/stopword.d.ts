// stopword 3.1 ships no types: each ISO 639-3 code names a list of lower-case words.
declare module 'stopword' {
  const lists: Record<string, readonly string[] | undefined>;
  export = lists;
}
