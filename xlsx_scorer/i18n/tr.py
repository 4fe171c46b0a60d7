"""Turkish: every user-facing string of xlsx_scorer, as a tournament judge writes it.

Vocabulary of the original rules (``seeds/``): yerleşim, şehir, En Büyük Ordu,
En Uzun Yol, ilan edilen zafer, tur puanı.  Sheets are named in Turkish
(``SHEETS``: Sonuçlar, Oyuncular, Sıralama…); every shipped name is read.

This module holds the words of the sheets (headers, sheet names, marks, output sheets,
template, instructions) and of the terminal; the words of findings
(``findings_tr.FINDINGS``) and of the command line's help (``help_tr.HELP``) are
kept beside it, in modules of their own, and merged into ``STRINGS``.
"""

from xlsx_scorer.i18n import findings_tr, help_tr, seating_tr, web_tr

NAME = "Türkçe"
CODES = ("tr", "türkçe", "turkce", "turkish", "turco")

HEADERS = {
    "round": "Tur",
    "table": "Masa",
    "player": "Oyuncu",
    "settlements": "Yerleşimler",
    "cities": "Şehirler",
    "vp_cards": "ZP Kartları",
    "knights": "Oynanan Şövalyeler",
    "roads": "İnşa Edilen Yollar",
    "longest_road": "En Uzun Yol Uzunluğu",
    "army_first": "İlk En Büyük Ordu",
    "road_first": "İlk En Uzun Yol",
    "declared": "İlan Edilen Zafer",
    "total_vp": "Toplam ZP",
}
#: Each game's own ``Results`` columns besides round, table and player (``core.columns``);
#: read only for a workbook of that game, so a word may mean one thing per game.
GAME_HEADERS = {
    "carcassonne": {
        "score": "Puan",
        "road_points": "Yollar",
        "city_points": "Şehirler",
        "cloister_points": "Manastırlar",
        "field_points": "Tarlalar",
        "other_points": "Diğer",
    },
}
#: Other headers accepted for a column, besides HEADERS (any shipped language is read).
HEADER_ALIASES = {
    "vp_cards": ("VP Kartları",),
    "total_vp": (
        "ZP Toplamı",
        "Toplam Zafer Puanı",
        "Zafer Puanı Toplamı",
        "Toplam VP",
        "VP Toplamı",
    ),
}

YES_WORDS = ("evet", "e", "x", "✓", "✔", "☑", "doğru", "1")
NO_WORDS = ("hayır", "h", "yanlış", "0")
#: Roster column headers accepted besides HEADERS["player"].
NAME_HEADERS = ("Oyuncu Adı", "İsim", "Ad", "Ad Soyad", "Oyuncular")

SHEETS = {
    "results": "Sonuçlar",
    "players": "Oyuncular",
    "event": "Etkinlik",
    "instructions": "Talimatlar",
    "standings": "Sıralama",
    "round_points": "Tur Puanları",
    "errors": "Hatalar",
    "chart_data": "Grafik Verileri",
}

#: argparse's own words (``usage:``, its errors) by their gettext msgid (``cli.parser``).
ARGPARSE = help_tr.ARGPARSE

STRINGS = {
    # The Event sheet (labels in column A, values in column B)
    "event.name": "Etkinlik",
    "event.date": "Tarih",
    "event.venue": "Yer",
    "event.language": "Dil",
    # Output sheets
    "out.rank": "Sıra",
    "out.player": "Oyuncu",
    "out.round_points": "Tur Puanı",
    "out.vp": "ZP",
    "out.vp_pct": "ZP %",
    "out.round_column": "T{round}",
    "out.round": "Tur",
    "out.table": "Masa",
    "out.largest_army": "En Büyük Ordu",
    "out.longest_road": "En Uzun Yol",
    "out.declared": "İlan Edilen Zafer",
    "out.place": "Masa Derecesi",
    "out.sheet": "Sayfa",
    "out.cell": "Hücre",
    "out.problem": "Sorun",
    "out.yes": "Evet",
    "out.tournament_points": "Turnuva Puanı",
    "out.wins": "Galibiyet",
    "out.score": "Puan",
    "out.capped_vp": "Sınırlı ZP (en çok 10)",
    "out.shares": "Paylar",
    "out.relative": "Göreli Paylar",
    "out.firsts": "Birincilikler",
    "out.seconds": "İkincilikler",
    "out.thirds": "Üçüncülükler",
    "out.buchholz": "Buchholz",
    "out.score_diff": "Puan Farkı",
    "out.result": "Sonuç",
    "out.win": "Galibiyet",
    "out.draw": "Beraberlik",
    "out.loss": "Yenilgi",
    "out.bye": "Bay",
    "title.chart_key": "{header}, birikimli",
    "event.format": "Turnuva Formatı",
    "format.catan-es": (
        "Catan, İspanya elemeleri: tur puanı 5/3/2/1 (üç kişide 5/3/2), sonra ZP, sonra ZP %."
    ),
    "format.catan-de": (
        "Catan, Almanya elemeleri: tur puanı 5/3/2/1 (üç kişide 5/3/1), sonra 10’a kadar "
        "sayılan ZP, sonra ZP payları, sonra birincilik, ikincilik, üçüncülük sayısı."
    ),
    "format.catan-world": (
        "Catan, CATAN Studio şampiyonası ön elemeleri: galibiyet, sonra ZP, sonra göreli ZP "
        "payları."
    ),
    "format.carcassonne-hig": (
        "Carcassonne, Hans im Glück elemeleri: turnuva puanı 5/3/2/1 (üç kişide 5/3/1), sonra "
        "göreli puan, sonra puan."
    ),
    "format.carcassonne-swiss": (
        "Carcassonne, 2 kişilik İsviçre sistemi ön elemeler: galibiyet, sonra en zayıf rakip "
        "hariç Buchholz, sonra puan farkı."
    ),
    "cli.formats": (
        "Formatlar (--format AD ile birini, kendi formatınız için --format DOSYA.toml seçin):"
    ),
    "title.standings": "Turnuva Sıralaması",
    "title.round_points": "Oyun başına tur puanları",
    "title.chart": "Birikimli tur puanları",
    "title.errors": "Hatalar",
    "notice.computed": "{when} itibarıyla {games} oyundan hesaplandı ({players} oyuncu).",
    "notice.not_published": (
        "Sıralama yayımlanmadı: bu çalışma kitabında {count} sorun var. Hatalar sayfasına bakın, "
        "Sonuçlar sayfasını düzeltin ve puanlamayı yeniden çalıştırın."
    ),
    "notice.no_problems": "Hiç sorun bulunmadı: tüm oyunlar kurallara uygun.",
    "notice.no_results": (
        "Henüz sonuç yok: {sheet} sayfasında hiç oyun yok. {sheet} sayfasını doldurup yeniden "
        "puanlayın."
    ),
    "notice.no_results_errors": (
        "Henüz sonuç yok, bu yüzden denetlenecek bir şey yok: {sheet} sayfasında hiç oyun yok."
    ),
    "notice.problems_found": "{count} sorun bulundu. Kontrol zamanı: {when}.",
    "notice.check": (
        "Aşağıdaki tablonun denetim kodu: biri tabloyu değiştirirse kod da değişir. Tablonun "
        "elle değiştirilip değiştirilmediğini öğrenmek için çalışma kitabını yeniden puanlayın "
        "(ya da bir arşivde xlsx-scorer verify çalıştırın)."
    ),
    # Terminal
    "cli.summary": (
        "{file}: {games} oyun puanlandı, {players} oyuncu, "
        "{problems, plural, =0 {sorun yok} other {# sorun}}."
    ),
    "cli.summary_problems": (
        "{file}: {games} oyun denetlendi, {players} oyuncu, {problems} sorun; "
        "sıralama yayımlanmadı."
    ),
    "cli.checked": (
        "{file}: {games} oyun denetlendi, {players} oyuncu, "
        "{problems, plural, =0 {sorun yok} other {# sorun}}."
    ),
    "cli.no_results": (
        "Henüz sonuç yok: sonuç sayfasında hiç oyun yok. İlk turu doldurup yeniden puanlayın."
    ),
    "cli.template_next": (
        "Şimdi {players} ve {results} sayfalarını doldurun, sonra şunu çalıştırın: {command}"
    ),
    "cli.score_next": (
        "{errors} sayfasını açın: oradaki her sorun kendi hücresine bağlanır. "
        "{count, plural, one {Sorunu} other {Sorunları}} düzeltin, sonra yeniden çalıştırın: "
        "{command}"
    ),
    "cli.top": "İlk {count}:",
    "cli.wrote": "{file} yazıldı.",
    "cli.no_workbooks": "{folder} klasöründe hiç çalışma kitabı (.xlsx veya .xlsm) yok.",
    "cli.output_collision": (
        "{name} adlı iki çalışma kitabı {folder} klasörüne yazılacaktı; onları farklı "
        "klasörlere puanlayın."
    ),
    "cli.output_not_folder": (
        "Birden çok çalışma kitabı puanlanırken çıktı {folder} var olan bir klasör olmalıdır."
    ),
    "cli.nothing_written": "Hiçbir şey yazılmadı.",
    "cli.interrupted": (
        "Durduruldu (Ctrl-C). {saved, plural, =0 {Hiçbir şey yazılmadı.} =1 {{files} bundan "
        "önce kaydedilmişti.} other {# dosya bundan önce kaydedilmişti: {files}.}}"
    ),
    "cli.internal_error": (
        "xlsx-scorer iç hatası ({detail}). {saved, plural, =0 {Hiçbir şey yazılmadı.} "
        "=1 {{files} bundan önce kaydedilmişti.} other {# dosya bundan önce kaydedilmişti: "
        "{files}.}} Aynı komutu --debug ile yeniden "
        "çalıştırın ve çıktısını çalışma kitabıyla birlikte geliştiricilere gönderin."
    ),
    "cli.serve_address": "xlsx-scorer çalışıyor: tarayıcınızda {url} adresini açın.",
    "cli.serve_network": (
        "Aynı ağdaki hakemler {url} adresini (ya da adı yerine bu bilgisayarın ağ adresini) "
        "açar ve {token} erişim kodunu yazar."
    ),
    "cli.serve_stop": "Durdurmak için Ctrl-C’ye basın. Dosyalar burada denetlenir ve saklanmaz.",
    "cli.serve_stopped": "Durduruldu.",
    "cli.serve_no_port": "{host} adresinde dinlenemiyor: {detail}",
    # Template and instructions
    "template.error.range": "{low} ile {high} arasında bir tam sayı yazın.",
    "template.error.minimum": "En az {low} olan bir tam sayı yazın.",
    "template.error.table": (
        "Bir masa numarası (1, 2, …) ya da en fazla {high} karakterlik kısa bir etiket yazın."
    ),
    "template.error.player": (
        "Bu ad Oyuncular sayfasında yok. Oyuncuyu önce oraya ekleyin ya da listeden bir ad seçin."
    ),
    "template.error.mark": "Listeden “{yes}” ya da “{no}” seçin veya hücreyi boş bırakın (= {no}).",
    "template.error.language": "Şu kodlardan birini yazın: {codes}.",
    "template.help.round": "Tur numarası: 1, 2, 3…",
    "template.help.table": (
        "Masa numarası (1, 2…) ya da kısa bir etiket. Bir oyunun tüm oyuncuları aynı tur ve masayı "
        "paylaşır."
    ),
    "template.help.player": (
        "Oyuncuyu listeden seçin (Oyuncular sayfası). Her oyun için oyuncu başına bir satır."
    ),
    "template.help.settlements": (
        "Oyun sonunda tahtadaki yerleşimler: 0 ile 5 arası (her biri 1 ZP)."
    ),
    "template.help.cities": "Oyun sonundaki şehirler: 0 ile 4 arası (her biri 2 ZP).",
    "template.help.vp_cards": (
        "Zafer puanı geliştirme kartları: 0 ile 5 arası (masanın tamamında en fazla 5)."
    ),
    "template.help.knights": (
        "Oynanan şövalye kartları: 0 ile 14 arası (masanın tamamında en fazla 14)."
    ),
    "template.help.roads": "İnşa edilen yollar: 2 ile 15 arası.",
    "template.help.longest_road": (
        "Oyuncunun en uzun yolunun uzunluğu: 1 ile inşa edilen yol sayısı arası."
    ),
    "template.help.army_first": (
        "Yalnızca En Büyük Ordu için beraberlik varsa: unvanı ilk elde eden için “{yes}” seçin. "
        "Aksi hâlde boş bırakın."
    ),
    "template.help.road_first": (
        "Yalnızca En Uzun Yol için beraberlik varsa: unvanı ilk elde eden için “{yes}” seçin. Aksi "
        "hâlde boş bırakın."
    ),
    "template.help.declared": (
        "Zaferi ilan eden oyuncu için “{yes}” seçin (yalnızca iki veya daha fazla oyuncunun 10 "
        "veya daha fazla ZP’si olduğunda). Aksi hâlde boş bırakın."
    ),
    "template.help.players": (
        "Her satıra bir oyuncu, sıralamada görünmesi gerektiği gibi yazılmış. Sonuçlar "
        "sayfasındaki adlar bu listeden seçilir."
    ),
    "template.help.language": "Çalışma kitabının dili: {codes}.",
    "template.help.score": (
        "Oyuncunun puan tablosundaki son puanı: 0 veya daha büyük bir tam sayı."
    ),
    "template.help.road_points": (
        "İsteğe bağlı: oyun boyunca yollardan gelen puan: oyuncunun puanladığı her yolun karosu "
        "başına 1, sonda tamamlanmış olsun ya da olmasın."
    ),
    "template.help.city_points": (
        "İsteğe bağlı: şehirlerden gelen puan: tamamlanmış şehirde karo başına 2 ve arma başına "
        "2; sonda hâlâ açık şehirde karo başına 1 ve arma başına 1."
    ),
    "template.help.cloister_points": (
        "İsteğe bağlı: manastırlardan gelen puan: manastır için 1 ve çevresindeki her karo için "
        "1 (tamamlanmışsa 9)."
    ),
    "template.help.field_points": (
        "İsteğe bağlı: oyun sonunda tarlalardan gelen puan: oyuncunun her tarlasının değdiği "
        "her tamamlanmış şehir için 3."
    ),
    "template.help.other_points": (
        "İsteğe bağlı: diğer tüm puanlar (genişlemeler: hanlar, katedraller, ticaret malları, "
        "kaleler…)."
    ),
    "template.help.format": "Turnuva formatı: {formats}.",
    "instructions.carcassonne_results": (
        "Sonuçlar sayfası: her oyun için oyuncu başına bir satır. Tur ve masayı yazın, oyuncuyu "
        "listeden seçin ve son Puanını yazın. Aynı oyunun oyuncuları aynı tur ve masayı paylaşır."
    ),
    "instructions.carcassonne_breakdown": (
        "Yollar, Şehirler, Manastırlar, Tarlalar ve Diğer isteğe bağlıdır: her öğe türünün oyun "
        "boyunca oyuncuya kazandırdığı puan. Beşi de doluysa toplamları Puana eşit olmalıdır; "
        "bu, yanlış sütuna yazılmış bir sayıyı yakalar. Denetimi atlamak için boş bırakın."
    ),
    "instructions.carcassonne_roads": (
        "Yollar: yol tamamlandığında ve hâlâ açıksa oyun sonunda, yolun karosu başına 1 puan."
    ),
    "instructions.carcassonne_cities": (
        "Şehirler: tamamlanmış şehir karo başına 2 ve arma başına 2 puan verir; oyun sonunda "
        "hâlâ açık şehir karo başına 1 ve arma başına 1 verir."
    ),
    "instructions.carcassonne_cloisters": (
        "Manastırlar: 8 karoyla çevrili manastır 9 puan verir; oyun sonunda çevrilmemiş olan "
        "kendisi için 1 ve çevresindeki her karo için 1 verir."
    ),
    "instructions.carcassonne_fields": (
        "Tarlalar: yalnızca oyun sonunda, tarlada en çok çiftçisi olan oyuncuya tarlanın "
        "değdiği her tamamlanmış şehir için 3 puan."
    ),
    "instructions.carcassonne_other": (
        "Diğer: yol, şehir, manastır veya tarladan gelmeyen her puan (genişlemelerden)."
    ),
    "instructions.carcassonne_table": (
        "Masa başına: {sizes} oyuncu. Bir oyuncu her turda bir kez oynar. En yüksek Puanı alan "
        "birinci olur; eşit puanlar sırayı paylaşır."
    ),
    "instructions.bye": (
        "Oyuncu sayısı tekse, açıkta kalan oyuncuya masa olarak {bye} sözcüğü yazılan ve Puanı "
        "olmayan bir satır verilir: bay geçmek galibiyet sayılır."
    ),
    "instructions.format": "{name} formatı: {description}",
    "instructions.title": "Bu çalışma kitabı nasıl doldurulur ve nasıl puanlanır",
    "instructions.fill_heading": "Doldurma",
    "instructions.fill_event": (
        "Etkinlik sayfası: etkinliğin adını, tarihini ve yerini B sütununa yazın. Dil ({codes}) "
        "başlıkların ve mesajların dilini belirler."
    ),
    "instructions.fill_players": (
        "Oyuncular sayfası: ilk turdan önce her oyuncunun adını bir kez, her satıra bir ad olacak "
        "şekilde yazın."
    ),
    "instructions.fill_results": (
        "Sonuçlar sayfası: her oyun için oyuncu başına bir satır. Tur ve masayı yazın, oyuncuyu "
        "listeden seçin ve oyun sonundaki durumunu girin. Aynı oyundaki oyuncular aynı tur ve "
        "masayı paylaşır."
    ),
    "instructions.fill_marks": (
        "Son üç sütun işaret sütunudur: “{yes}” seçin ya da hücreyi boş bırakın. Boş hücre “hayır” "
        "demektir."
    ),
    "instructions.run": (
        "Ardından şunu çalıştırın: xlsx-scorer score DOSYA.xlsx. Program Sıralama, Tur Puanları "
        "ve Hatalar sayfalarını ekler; Hatalar sayfasında sorun listelenirse bunları Sonuçlar "
        "sayfasında düzeltip yeniden çalıştırın."
    ),
    "instructions.rules_heading": "Puanlama kuralları",
    "instructions.vp": (
        "Oyun içi ZP: yerleşim başına 1, şehir başına 2, ZP kartı başına 1; ayrıca En Büyük Ordu "
        "için 2 ve En Uzun Yol için 2."
    ),
    "instructions.limits": (
        "Oyuncu başına: 0–5 yerleşim, 0–4 şehir, 0–5 ZP kartı, 0–14 oynanan şövalye, 2–15 inşa "
        "edilen yol; en uzun yol 1 ile inşa edilen yol sayısı arasında. Şehri olmayan bir "
        "oyuncunun en az 2 yerleşimi olmalı."
    ),
    "instructions.table": (
        "Masa başına: 3 veya 4 oyuncu; masanın tamamında en fazla 5 ZP kartı ve en fazla 14 "
        "oynanan şövalye. Her oyuncu bir turda yalnızca bir kez oynar."
    ),
    "instructions.army": (
        "En Büyük Ordu: en az 3 şövalye oynanmasını gerektirir; en çok şövalye oynayan alır. En "
        "yüksek sayıda beraberlik varsa İlk En Büyük Ordu sütununda tam bir oyuncuyu, unvanı ilk "
        "elde edeni işaretleyin."
    ),
    "instructions.road": (
        "En Uzun Yol: en az 5 uzunluğunda bir yol gerektirir; en uzun yola sahip olan alır. "
        "Beraberlikler aynı şekilde İlk En Uzun Yol sütunuyla çözülür."
    ),
    "instructions.declared": (
        "İlan edilen zafer: yalnızca masada en az iki oyuncunun 10 veya daha fazla ZP’si olduğunda "
        "geçerlidir. Bunlardan tam birini, zaferi ilan edeni işaretleyin: başka bir oyuncunun "
        "ZP’si daha yüksek olsa bile birinci olur."
    ),
    "instructions.round_points": (
        "Dereceye göre tur puanları: dört oyunculu masada 5, 3, 2, 1; üç oyunculu masada 5, 3, 2. "
        "Bunlar oyun içi ZP’den ayrıdır."
    ),
    "instructions.ties": (
        "Oyun içi ZP’si eşit olan oyuncular dereceleri paylaşır ve bu derecelerin tur puanlarını "
        "eşit olarak bölüşür (dört oyunculu bir masada ikinciliği paylaşan iki oyuncu 2,5’er puan "
        "alır)."
    ),
    "instructions.standings": (
        "Turnuva sıralaması: toplam tur puanına göre; beraberlikler önce toplam ZP’ye, sonra ZP "
        "yüzdesine (oyuncunun ZP’sinin oynadığı tüm masaların toplam ZP’sine oranı), en son ada "
        "göre alfabetik sırayla çözülür."
    ),
    "template.help.total_vp": (
        "İsteğe bağlı: oyuncunun oyun sonundaki ZP’si, puan kâğıdında yazdığı gibi (0 ile 20 "
        "arası), unvanlar dahil. Doldurulursa satırın toplamı buna eşit olmalı; kontrol "
        "istemiyorsanız boş bırakın."
    ),
    "instructions.total_vp": (
        "Toplam ZP (isteğe bağlı): her oyuncunun oyun sonundaki ZP’sini puan kâğıdından "
        "kopyalayın; En Büyük Ordu için 2 ve En Uzun Yol için 2 dahil. Program her satırı "
        "toplar ve her farkı bildirir; böylece yanlış sütuna yazılmış bir sayı yakalanır. "
        "Kontrol istemiyorsanız boş bırakın."
    ),
    # Judges' commands: diff, merge, archive, verify
    "cli.blank": "(boş)",
    "cli.key": "tur {round}, masa {table}, {player}",
    "cli.key_repeated": "tur {round}, masa {table}, {player} (bu üçünü taşıyan {repeat}. satır)",
    "cli.diff_changed": "Değer değişti ({result}, {column}): {before} → {after}",
    "cli.diff_added": "Satır eklendi ({result}): {before} → {after}",
    "cli.diff_removed": "Satır silindi ({result}): {before} → {after}",
    "cli.roster_added": "Oyuncu listesine eklendi: {name} ({cell})",
    "cli.roster_removed": "Oyuncu listesinden çıkarıldı: {name} ({cell})",
    "cli.diff_equal": "{first} ve {second} aynı sonuçları ve aynı oyuncu listesini içeriyor.",
    "cli.diff_summary": "{first} → {second}: {count, plural, one {# fark} other {# fark}}.",
    "cli.merge_conflict": "ÇAKIŞMA {result}, {column}: {sides} (TEMEL {base})",
    "cli.merge_conflict_removed": (
        "ÇAKIŞMA {result}: {removed} içinde silindi ama {changed} içinde değiştirildi "
        "(TEMEL {base})"
    ),
    "cli.merge_no_column": (
        "BİRLEŞTİRİLEMİYOR {cell}: {base} dosyasında {column} sütunu yok; önce oraya ekleyin."
    ),
    "cli.merge_no_roster": (
        "BİRLEŞTİRİLEMİYOR {cell}: {base} dosyasında {name} oyuncusunun ekleneceği bir oyuncu "
        "listesi yok; önce oraya bir Oyuncular sayfası ekleyin."
    ),
    "cli.merge_conflicts": (
        "{count, plural, one {# çakışma} other {# çakışma}}: hiçbir şey yazılmadı. Her "
        "değere tek bir kopyada karar verin ve yeniden birleştirin."
    ),
    "cli.merge_done": (
        "{copies, plural, one {# kopya} other {# kopya}} {file} dosyasında birleştirildi: "
        "{changed, plural, one {# değer değişti} other {# değer değişti}}, {added, plural, "
        "one {# satır eklendi} other {# satır eklendi}}, {removed, plural, one {# satır "
        "silindi} other {# satır silindi}}, oyuncu listesinde {names, plural, one {# "
        "değişiklik} other {# değişiklik}}."
    ),
    "cli.merge_next": "Denetleyip puanlamak için: xlsx-scorer score.",
    "cli.merge_scored": (
        "Sıralama, Tur Puanları ve Hatalar sayfaları birleştirilen sonuçlardan yeniden "
        "puanlandı: {games, plural, one {# oyun} other {# oyun}}, {players, plural, one "
        "{# oyuncu} other {# oyuncu}}, sorun yok."
    ),
    "cli.merge_scored_problems": (
        "Birleştirilen kitapta {count, plural, one {# sorun} other {# sorun}} var, bu yüzden "
        "sıralaması yayımlanmadı: Sıralama ve Tur Puanları sayfaları bunu söylüyor, Hatalar "
        "sayfası {count, plural, one {sorunu} other {sorunları}} listeliyor. {count, plural, "
        "one {Sorunu} other {Sorunları}} düzeltip xlsx-scorer score ile puanlayın."
    ),
    "cli.archive_refused": (
        "{file} dosyasında {count, plural, one {# sorun} other {# sorun}} var; bir turnuva "
        "ancak hiç sorunu yokken arşivlenir. "
        "{count, plural, one {Sorunu} other {Sorunları}} düzeltip yeniden arşivleyin."
    ),
    "cli.archive_done": (
        "{file}, {folder} klasörüne arşivlendi: {files}. Parmak izi (SHA-256): {fingerprint}"
    ),
    "cli.verify_ok": (
        "{path}: her şey arşivlenen sonuçlarla uyuşuyor. Parmak izi (SHA-256): {fingerprint}"
    ),
    "cli.verify_failed": (
        "{path}: {count, plural, one {# öğe artık arşivlenen sonuçlarla uyuşmuyor} other {# "
        "öğe artık arşivlenen sonuçlarla uyuşmuyor}}."
    ),
    **findings_tr.FINDINGS,
    **help_tr.HELP,
    **web_tr.WEB,
    **seating_tr.SEATING,
}
