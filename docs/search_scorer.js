/*
 * The site's search scorer (conf.py: html_search_scorer): Sphinx's own
 * weights, and one rule of ours. A player searches the site with the
 * game's words ("baza", "renuncio", "how many tricks"), and those words
 * appear on many pages: the bots' guide, the worked examples and the
 * benchmarks use them too. Sphinx scores a page by where a word appears
 * (a title, an index entry, the text) but not by how much the page is
 * about it, and orders equal scores by title. The rules pages are where
 * each rule is stated, so at an equal match they come first: a result on
 * them scores one more. A better match elsewhere (an API name, a word in
 * another page's title where the rules have it only in their text) still
 * comes first.
 */
var Scorer = {
  score: (result) => {
    const [docname, _title, _anchor, _descr, score, _filename, kind] = result;
    const rules = docname === "rules" || docname === "poch/rules";
    return rules && kind !== "object" ? score + 1 : score;
  },

  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: {
    0: 15,
    1: 5,
    2: -5,
  },
  objPrioDefault: 0,

  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
};
