// cardscript gallery: the index's search and filters, over the cards' data embedded in the page (#gallery-data).
(function () {
  "use strict";
  var cards = JSON.parse(document.getElementById("gallery-data").textContent);
  var entries = Array.prototype.slice.call(document.querySelectorAll("#cards .entry"));
  var search = document.getElementById("search");
  var selects = Array.prototype.slice.call(document.querySelectorAll("select[data-filter]"));
  var shown = document.getElementById("shown");
  var none = document.getElementById("none");

  function fold(text) {            // no case, no accents: "Mjölnir" is found by "mjolnir"
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  var haystacks = cards.map(function (c) { return fold(c.title + "\n" + c.text); });

  function fits(card, field, value) {
    if (value === "") { return true; }
    if (field === "power") { return card.powers.indexOf(value) >= 0; }
    if (field === "affiliation") { return card.affiliations.indexOf(value) >= 0; }
    if (field === "executable") { return card.executable === (value === "yes"); }
    return card[field] === value;
  }

  function update() {
    var words = fold(search.value).split(/\s+/).filter(function (w) { return w !== ""; });
    var wanted = selects.map(function (s) { return [s.getAttribute("data-filter"), s.value]; });
    var count = 0;
    entries.forEach(function (li) {
      var i = Number(li.getAttribute("data-i"));
      var card = cards[i];
      var ok = words.every(function (w) { return haystacks[i].indexOf(w) >= 0; }) &&
        wanted.every(function (f) { return fits(card, f[0], f[1]); });
      li.hidden = !ok;
      if (ok) { count += 1; }
    });
    shown.textContent = String(count);
    none.hidden = count !== 0;
  }

  search.addEventListener("input", update);
  selects.forEach(function (s) { s.addEventListener("change", update); });
  document.getElementById("filters").addEventListener("submit", function (e) { e.preventDefault(); });
  update();
}());
