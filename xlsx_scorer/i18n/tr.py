"""Turkish: every user-facing string of xlsx_scorer, as a tournament judge writes it.

Vocabulary of the original rules (``seeds/``): yerleşim, şehir, En Büyük Ordu,
En Uzun Yol, ilan edilen zafer, tur puanı.  Sheets are named in Turkish
(``SHEETS``: Sonuçlar, Oyuncular, Sıralama…); every shipped name is read.
"""

from xlsx_scorer.i18n import help_tr

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
    "notice.problems_found": "{count} sorun bulundu. Kontrol zamanı: {when}.",
    "notice.regenerated": (
        "{sheet} sayfası elle değiştirilmişti; yeni hesaplanan sonuçlarla değiştirildi."
    ),
    # Problems in cells
    "problem.location": "{ref} (tur {round}, masa {table}, {player})",
    "problem.missing": "{column} boş; değerini yazın.",
    "problem.error_value": (
        "{column} {found} hatasını gösteriyor; formülü düzeltin ya da değeri yazın."
    ),
    "problem.name_not_text": (
        "Oyuncu hücresinde {found} var, bu bir ad değil; oyuncunun adını yazın."
    ),
    "problem.missing_player": "Oyuncu adı boş.",
    "problem.not_whole_number": "{column} değeri {found}; bu bir tam sayı değil.",
    "problem.date_in_number": (
        "{column} hücresinde bir tarih veya saat var ({found}); bir tam sayı yazın."
    ),
    "problem.bool_in_number": "{column} hücresinde {found} (DOĞRU/YANLIŞ) var; bir tam sayı yazın.",
    "problem.text_in_number": "{column} hücresinde “{found}” metni var; bir tam sayı yazın.",
    "problem.number_too_large": "{column} değeri {found}; olası değerlerin çok dışında.",
    "problem.not_a_mark": (
        "{column} değeri “{found}”; hayır için boş bırakın, evet için x (ya da evet, 1, DOĞRU) "
        "yazın."
    ),
    "problem.uncached_formula": (
        "{column} hücresinde kaydedilmiş değeri olmayan bir formül var; çalışma kitabını önce "
        "elektronik tablo uygulamanızda açıp kaydedin."
    ),
    "problem.bad_table": (
        "Masa değeri “{found}”; bir masa numarası (1, 2, …) ya da en fazla 20 karakterlik kısa bir "
        "etiket yazın."
    ),
    "problem.name_control_characters": (
        "{found} oyuncu adında görünmeyen kontrol karakterleri var; adı yeniden yazın."
    ),
    "problem.merged_cells": (
        "{found} hücreleri birden fazla sonuç satırını kapsayacak şekilde birleştirilmiş; her "
        "satırın kendi değerleri olsun diye birleştirmeyi kaldırın."
    ),
    "problem.out_of_range": (
        "{column} değeri {found}; {low} ile {high} arasında bir tam sayı olmalı."
    ),
    "problem.below_minimum": "{column} değeri {found}; en az {low} olan bir tam sayı olmalı.",
    "problem.no_cities_needs_two_settlements": (
        "şehir yok ve yalnızca {found} yerleşim var; şehri olmayan bir oyuncunun en az 2 yerleşimi "
        "olmalı."
    ),
    "problem.longest_road_exceeds_roads": (
        "En Uzun Yol Uzunluğu {found}, ancak yalnızca {roads} yol inşa edilmiş; en uzun yol inşa "
        "edilen yol sayısını aşamaz."
    ),
    "problem.table_size": "masada {found} oyuncu var; bir masada 3 veya 4 oyuncu olur.",
    "problem.player_twice_in_round": (
        "{player}, {round}. turda {found} kez geçiyor; bir oyuncu her turda yalnızca bir kez oynar."
    ),
    "problem.table_vp_cards": (
        "masada toplam {found} ZP kartı var; masa başına en fazla 5 olabilir."
    ),
    "problem.table_knights": (
        "masada toplam {found} şövalye oynanmış; masa başına en fazla 14 olabilir."
    ),
    "problem.army_mark_no_qualifier": (
        "İlk En Büyük Ordu işaretli, ancak masada kimse 3 veya daha fazla şövalye oynamadı."
    ),
    "problem.army_mark_not_leader": (
        "İlk En Büyük Ordu işaretli, ancak bu oyuncu {found} şövalye oynadı ve masadaki en yüksek "
        "sayı {most}."
    ),
    "problem.army_tie_unmarked": (
        "{count} oyuncu {found} şövalyeyle En Büyük Ordu için berabere; bunlardan tam birini "
        "(unvanı ilk elde edeni) İlk En Büyük Ordu olarak işaretleyin."
    ),
    "problem.army_tie_several_marks": (
        "En Büyük Ordu için berabere olan {count} oyuncu İlk En Büyük Ordu olarak işaretlenmiş; "
        "yalnızca unvanı ilk elde edeni işaretleyin."
    ),
    "problem.road_mark_no_qualifier": (
        "İlk En Uzun Yol işaretli, ancak masada kimsenin 5 veya daha uzun bir yolu yok."
    ),
    "problem.road_mark_not_leader": (
        "İlk En Uzun Yol işaretli, ancak bu oyuncunun en uzun yolu {found} ve masadaki en uzun yol "
        "{most}."
    ),
    "problem.road_tie_unmarked": (
        "{count} oyuncu {found} uzunluğundaki yolla En Uzun Yol için berabere; bunlardan tam "
        "birini (unvanı ilk elde edeni) İlk En Uzun Yol olarak işaretleyin."
    ),
    "problem.road_tie_several_marks": (
        "En Uzun Yol için berabere olan {count} oyuncu İlk En Uzun Yol olarak işaretlenmiş; "
        "yalnızca unvanı ilk elde edeni işaretleyin."
    ),
    "problem.declared_under_10": (
        "İlan Edilen Zafer işaretli, ancak bu oyuncunun yalnızca {found} ZP’si var; yalnızca 10 "
        "veya daha fazla ZP’si olan bir oyuncu zafer ilan edebilir."
    ),
    "problem.declared_missing": (
        "{count} oyuncunun 10 veya daha fazla ZP’si var; zaferi ilan eden oyuncuyu İlan Edilen "
        "Zafer olarak işaretleyin."
    ),
    "problem.declared_several": (
        "{count} oyuncu İlan Edilen Zafer olarak işaretlenmiş; yalnızca zaferi ilan edeni "
        "işaretleyin."
    ),
    "problem.not_on_roster": "“{found}” Oyuncular sayfasında yok.",
    "problem.not_on_roster_suggest": (
        "“{found}” Oyuncular sayfasında yok; “{suggestion}” mı demek istediniz?"
    ),
    "problem.name_variants": (
        "“{found}” ve “{other}” aynı kişinin iki farklı yazılışı gibi görünüyor; tek bir yazılış "
        "kullanın."
    ),
    # The file cannot be used (exit code 2)
    "unusable.file_missing": "{file}: böyle bir dosya yok.",
    "unusable.is_folder": (
        "{folder} bir klasör; bunun yerine bir çalışma kitabı dosyası (.xlsx) belirtin."
    ),
    "unusable.empty_file": "{file} boş (0 bayt); bir çalışma kitabı değil.",
    "unusable.not_a_workbook": "{file} bir Excel çalışma kitabı (.xlsx) değil.",
    "unusable.text_file": (
        "{file} bir metin ya da CSV dosyası, Excel çalışma kitabı değil; elektronik tablo "
        "uygulamanızda açıp Excel Çalışma Kitabı (.xlsx) olarak kaydedin."
    ),
    "unusable.truncated": (
        "{file} hasarlı ya da eksik (arşiv yarıda kesilmiş); dosyayı yeniden isteyin."
    ),
    "unusable.encrypted": (
        "{file} parolayla korunuyor; açın, parolayı kaldırın ve yeniden kaydedin."
    ),
    "unusable.old_xls": (
        "{file} eski .xls biçiminde; açıp Excel Çalışma Kitabı (.xlsx) olarak kaydedin."
    ),
    "unusable.ods": (
        "{file} bir OpenDocument elektronik tablosu (.ods); Excel Çalışma Kitabı (.xlsx) olarak "
        "kaydedin."
    ),
    "unusable.package_too_large": (
        "{file} açıldığında {size} MB olacak ({detail}); bir zip bombasına benzediği için "
        "açılmıyor."
    ),
    "unusable.xml_entities": (
        "{file}, {part} içinde XML varlık bildirimleri içeriyor (bir ‘XML bombası’); okunmuyor."
    ),
    "unusable.bad_coordinate": (
        "{file}: {sheet} sayfasında tablo ızgarasının dışında bir hücre veya satır var "
        "({cell}), yani dosya hasarlı; elektronik tablo uygulamanızda açın, yeniden kaydedin "
        "ve tekrar çalıştırın."
    ),
    "unusable.bad_value": (
        "{file}: {sheet}!{cell} hücresinde hiçbir elektronik tablonun yazmayacağı bir değer "
        "var ({found}); değeri yeniden yazın, çalışma kitabını kaydedin ve tekrar çalıştırın."
    ),
    "unusable.broken_part": "{file}: çalışma kitabının {part} bölümü hasarlı ({detail}).",
    "unusable.no_results_sheet": "{file} içinde Sonuçlar sayfası yok (sayfaları: {sheets}).",
    "unusable.no_header": (
        "{file}: {sheet} sayfasının ilk {rows} satırında başlık satırı bulunamadı; {expected} gibi "
        "başlıklar bekleniyordu."
    ),
    "unusable.missing_columns": (
        "{file}: {sheet} sayfasının başlık satırında (satır {row}) {columns} sütunu yok."
    ),
    "unusable.duplicate_header": (
        "{file}: {column} sütunu {sheet} sayfasında birden fazla kez geçiyor (hücreler {cells}); "
        "yalnızca birini bırakın."
    ),
    "unusable.unreadable": "{file} okunamadı: {detail}",
    "unusable.read_only": (
        "{file} salt okunur, bu yüzden sonuçlar içine yazılamıyor; bir kopya yazmak için -o "
        "kullanın."
    ),
    "unusable.output_folder_missing": "Çıktı için {folder} klasörü yok.",
    "unusable.folder_not_writable": (
        "{file} kaydedilemiyor: {folder} klasörüne yazılamıyor (izinler veya salt okunur bir "
        "disk). -o ile başka bir klasör seçin ya da yazma izni isteyin. Özgün çalışma kitabı "
        "değişmedi."
    ),
    "unusable.output_exists": (
        "{file} zaten var, bu yüzden üzerine hiçbir şey yazılmadı. -o ile başka bir ad seçin "
        "ya da değiştirmek için --force ekleyin."
    ),
    "unusable.write_failed": "{file} kaydedilemedi: {detail}. Özgün çalışma kitabı değişmedi.",
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
    "cli.top": "İlk {count}:",
    "cli.wrote": "{file} yazıldı.",
    "cli.output_collision": (
        "{name} adlı iki çalışma kitabı {folder} klasörüne yazılacaktı; onları farklı "
        "klasörlere puanlayın."
    ),
    "cli.output_not_folder": (
        "Birden çok çalışma kitabı puanlanırken çıktı {folder} var olan bir klasör olmalıdır."
    ),
    "cli.nothing_written": "Hiçbir şey yazılmadı.",
    "cli.internal_error": (
        "xlsx-scorer iç hatası ({detail}). {written, select, yes {{file} bundan önce "
        "kaydedilmişti.} other {Hiçbir şey yazılmadı.}} Aynı komutu --debug ile yeniden "
        "çalıştırın ve çıktısını çalışma kitabıyla birlikte geliştiricilere gönderin."
    ),
    "finding.unnamed_file": "Çalışma kitabı",
    "cli.serve_address": "xlsx-scorer çalışıyor: tarayıcınızda {url} adresini açın.",
    "cli.serve_network": (
        "Aynı ağdaki hakemler {url} adresini (ya da adı yerine bu bilgisayarın ağ adresini) "
        "açar ve {token} erişim kodunu yazar."
    ),
    "cli.serve_stop": "Durdurmak için Ctrl-C’ye basın. Dosyalar burada denetlenir ve saklanmaz.",
    "cli.serve_stopped": "Durduruldu.",
    "cli.serve_no_port": "{host} adresinde dinlenemiyor: {detail}",
    # Hostile files
    "notice.check": (
        "Aşağıdaki tablonun denetim kodu: biri tabloyu değiştirirse kod da değişir. Tablonun "
        "elle değiştirilip değiştirilmediğini öğrenmek için çalışma kitabını yeniden puanlayın "
        "(ya da bir arşivde xlsx-scorer verify çalıştırın)."
    ),
    "notice.results_hidden": "{sheet} sayfası bu çalışma kitabında gizli; yine de puanlandı.",
    "unusable.damaged_sheet": (
        "{file}: {sheet} sayfası dosyanın içinde hasarlı ({detail}); dosyayı yeniden isteyin "
        "ya da elektronik tablo uygulamanızda açıp bu sayfayı onarın veya silin ve yeniden "
        "kaydedin."
    ),
    "unusable.damaged_part": (
        "{file}: çalışma kitabının {part} bölümü hasarlı ({detail}); dosyayı yeniden isteyin "
        "ya da elektronik tablo uygulamanızda açıp yeniden kaydedin."
    ),
    "unusable.encrypted_member": (
        "{file}: {part} bölümü bir zip parolasıyla kilitlenmiş; hiçbir elektronik tablo "
        "uygulaması bunu yapmaz ve bu bölüm okunamıyor. Özgün çalışma kitabını isteyin."
    ),
    "unusable.unsupported_compression": (
        "{file}: {part} bölümü {method} ile sıkıştırılmış; elektronik tablo uygulamaları bunu "
        "okuyamaz. Özgün çalışma kitabını isteyin."
    ),
    "unusable.strict_ooxml": (
        "{file} Strict Open XML elektronik tablosu olarak kaydedilmiş; açın ve Excel Çalışma "
        "Kitabı (.xlsx) olarak kaydedin."
    ),
    "unusable.cannot_write": (
        "{file} hasarlı ({detail}), bu yüzden sonuçlar içine yazılamıyor; elektronik tablo "
        "uygulamanızda açın, yeniden kaydedin ve tekrar çalıştırın."
    ),
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
    # --- Issue 9: Total ZP (SPEC rule 11), tables checked later, never overwriting ---
    "problem.total_vp_mismatch": (
        "{column} hücresinde {found} yazıyor, ancak bu satırın toplamı {vp}: yerleşim "
        "{settlements} + şehir {cities} × 2 + ZP kartı {vp_cards}{army, select, yes { + En "
        "Büyük Ordu için 2} other {}}{road, select, yes { + En Uzun Yol için 2} other {}}. "
        "Satırı masanın puan kâğıdıyla karşılaştırın."
    ),
    "notice.recheck": (
        "Bir hücresi okunamadığı için tüm masayla ilgili kurallar atlandı; {round}. turun "
        "{table} numaralı masası, hücreleri düzeltildiğinde yeniden denetlenecek."
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
    "unusable.template_exists": (
        "{file} zaten var, bu yüzden şablon onun üzerine yazılmadı. Başka bir dosya adı seçin "
        "(örneğin {suggestion}) ya da dosyayı değiştirmek için --force ekleyin (içindeki her "
        "şey kaybolur)."
    ),
    "unusable.open_in_excel": (
        "{file} Excel’de açık: yanında kilit dosyası {lock} var. Çalışma kitabını Excel’de "
        "kapatıp yeniden deneyin. Excel çalışmıyorsa bu kilit dosyası bir çökmeden kalmıştır: "
        "gizli {lock} dosyasını silip yeniden deneyin."
    ),
    "unusable.open_in_libreoffice": (
        "{file} LibreOffice’te açık: yanında kilit dosyası {lock} var. Çalışma kitabını "
        "LibreOffice’te kapatıp yeniden deneyin. LibreOffice çalışmıyorsa bu kilit dosyası bir "
        "çökmeden kalmıştır: gizli {lock} dosyasını silip yeniden deneyin."
    ),
    # Judges' commands: diff, merge, archive, verify
    "cli.blank": "(boş)",
    "cli.key": "tur {round}, masa {table}, {player}",
    "cli.key_repeated": "tur {round}, masa {table}, {player} (bu üçünü taşıyan {repeat}. satır)",
    "cli.diff_changed": "değişti {result}, {column}: {before} → {after}",
    "cli.diff_added": "eklendi {result}: {before} → {after}",
    "cli.diff_removed": "silindi {result}: {before} → {after}",
    "cli.roster_added": "oyuncu listesine eklendi: {name} ({cell})",
    "cli.roster_removed": "oyuncu listesinden çıkarıldı: {name} ({cell})",
    "cli.diff_equal": "{first} ve {second} aynı sonuçları ve aynı oyuncu listesini içeriyor.",
    "cli.diff_summary": "{first} → {second}: {count} fark.",
    "cli.merge_conflict": "ÇAKIŞMA {result}, {column}: {sides} (BASE {base})",
    "cli.merge_conflict_removed": (
        "ÇAKIŞMA {result}: {removed} içinde silindi ama {changed} içinde değiştirildi (BASE {base})"
    ),
    "cli.merge_no_column": (
        "BİRLEŞTİRİLEMİYOR {cell}: {base} dosyasında {column} sütunu yok; önce oraya ekleyin."
    ),
    "cli.merge_no_roster": (
        "BİRLEŞTİRİLEMİYOR {cell}: {base} dosyasında {name} oyuncusunun ekleneceği bir oyuncu "
        "listesi yok; önce oraya bir Oyuncular sayfası ekleyin."
    ),
    "cli.merge_conflicts": (
        "{count} çakışma: hiçbir şey yazılmadı. Her değere tek bir kopyada karar verin ve "
        "yeniden birleştirin."
    ),
    "cli.merge_done": (
        "{copies} kopya {file} dosyasında birleştirildi: {changed} değer değişti, {added} satır "
        "eklendi, {removed} satır silindi, oyuncu listesinde {names} değişiklik. Denetleyip "
        "puanlamak için: xlsx-scorer score."
    ),
    "unusable.output_is_input": (
        "{file} girdilerden biri; girdiler asla değiştirilmez, bu yüzden -o ile yeni bir dosya "
        "adı verin."
    ),
    "cli.archive_refused": (
        "{file} dosyasında {count} sorun var; bir turnuva ancak hiç sorunu yokken arşivlenir."
    ),
    "cli.archive_done": (
        "{file}, {folder} klasörüne arşivlendi: {files}. Parmak izi (SHA-256): {fingerprint}"
    ),
    "unusable.archive_folder_used": (
        "{folder} zaten var ve boş değil; arşiv için yeni bir klasör adı verin."
    ),
    "cli.verify_ok": (
        "{path}: her şey arşivlenen sonuçlarla uyuşuyor. Parmak izi (SHA-256): {fingerprint}"
    ),
    "cli.verify_failed": "{path}: {count} öğe artık arşivlenen sonuçlarla uyuşmuyor.",
    "problem.verify.file_missing": "{file} eksik.",
    "problem.verify.file_unreadable": "{file} okunamıyor ({detail}).",
    "problem.verify.file_changed": (
        "{file} değiştirilmiş: SHA-256 değeri ya da boyutu datapackage.json içindekiyle uyuşmuyor."
    ),
    "problem.verify.no_fingerprint": (
        "{file} hiçbir parmak izi içermiyor: silinmiş ya da bu bir turnuva arşivi değil."
    ),
    "problem.verify.fingerprint_changed": (
        "{file} {recorded} parmak izini kaydediyor, ama sonuçlar {computed} veriyor: sonuçlar "
        "ya da sıralama değiştirilmiş."
    ),
    "problem.verify.sheet_missing": "{sheet} tablosu eksik ya da başlığı değiştirilmiş.",
    "problem.verify.sheet_cell": "{ref} “{shown}” gösteriyor, sonuçlar “{expected}” veriyor.",
    "problem.verify.more": "… ve {sheet} sayfasında {count} hücre daha.",
    "problem.verify.csv_line": (
        "{file}, satır {line}: “{shown}” yazıyor, sonuçlar “{expected}” veriyor."
    ),
    "problem.verify.result_changed": (
        "{file} {ref}: tur {round}, masa {table}, {player}{repeat, plural, =1 {} other { (bu "
        "üçünü taşıyan #. satır)}} için {column} {state, select, cleared {şu an boş, arşivde "
        "{archived}} filled {şu an {now}, arşivde boş} other {şu an {now}, arşivde {archived}}}."
    ),
    "problem.verify.result_added": (
        "{file} {ref}: tur {round}, masa {table}, {player}{repeat, plural, =1 {} other { (bu "
        "üçünü taşıyan #. satır)}} arşivlenen sonuçlarda yok."
    ),
    "problem.verify.result_removed": (
        "Tur {round}, masa {table}, {player}{repeat, plural, =1 {} other { (bu üçünü taşıyan #. "
        "satır)}} (arşivde {file} {ref}) sonuçlarda eksik."
    ),
    "problem.verify.no_sheet_digests": (
        "{file} sayfalarının özetini içermiyor: silinmiş ya da bu bir turnuva arşivi değil."
    ),
    "problem.verify.sheet_changed": "{sheet} sayfası arşivlendikten sonra değiştirilmiş.",
    "problem.verify.sheet_removed": "{sheet} sayfası arşivlendikten sonra silinmiş.",
    "problem.verify.sheet_added": "{sheet} sayfası turnuva arşivlendikten sonra eklenmiş.",
    **help_tr.HELP,
}
