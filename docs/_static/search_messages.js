/*
 * The search page's sentences in Spanish and German, over Sphinx's own
 * catalogs of the two languages: Sphinx's Spanish catalog leaves the summary
 * of a search that found pages empty, and both word the no-results sentence
 * for another site ("selected enough categories"). Loaded on every page
 * after Sphinx's translations; it changes nothing on the English site.
 */
(() => {
  const catalogs = {
    es: {
      plural_expr: "n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2",
      messages: {
        "Search finished, found one page matching the search query.": [
          "Búsqueda terminada: se ha encontrado una página.",
          "Búsqueda terminada: se han encontrado ${resultCount} páginas.",
          "Búsqueda terminada: se han encontrado ${resultCount} páginas.",
        ],
        "Your search did not match any documents. Please make sure that all words are spelled correctly and that you've selected enough categories.":
          "La búsqueda no ha encontrado ninguna página. Comprueba que todas las palabras estén bien escritas, o prueba con otras.",
      },
    },
    de: {
      plural_expr: "n == 1 ? 0 : 1",
      messages: {
        "Search finished, found one page matching the search query.": [
          "Suche abgeschlossen: eine Seite gefunden.",
          "Suche abgeschlossen: ${resultCount} Seiten gefunden.",
        ],
        "Your search did not match any documents. Please make sure that all words are spelled correctly and that you've selected enough categories.":
          "Die Suche hat keine Seite gefunden. Prüfe, ob alle Wörter richtig geschrieben sind, oder versuche es mit anderen.",
      },
    },
  };
  const catalog = catalogs[document.documentElement.lang];
  if (catalog && typeof Documentation !== "undefined") {
    Documentation.addTranslations({ locale: document.documentElement.lang, ...catalog });
  }
})();
