"""The words of every finding in Turkish: ``FINDINGS`` (ICU patterns, part of ``tr.STRINGS``).

How a finding's message is keyed: see :mod:`xlsx_scorer.i18n`.

>>> from xlsx_scorer.i18n import text
>>> text("tr", "problem.missing", column="Şehirler")
'Şehirler boş; değerini yazın.'
"""

FINDINGS = {
    # Where a finding is; the file a finding names when it was given no file name
    "problem.location": "{ref} (tur {round}, masa {table}, {player})",
    "finding.unnamed_file": "Çalışma kitabı",
    # Errors: problem.<code>
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
    "problem.bool_in_number": (
        "{column} hücresinde {found, select, TRUE {DOĞRU} other {YANLIŞ}} mantıksal değeri var; "
        "bir tam sayı yazın."
    ),
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
        "Şehir yok ve yalnızca {found} yerleşim var; şehri olmayan bir oyuncunun en az 2 yerleşimi "
        "olmalı."
    ),
    "problem.longest_road_exceeds_roads": (
        "En Uzun Yol Uzunluğu {found}, ancak yalnızca {roads} yol inşa edilmiş; en uzun yol inşa "
        "edilen yol sayısını aşamaz."
    ),
    "problem.table_size": "Masada {found} oyuncu var; bir masada 3 veya 4 oyuncu olur.",
    "problem.table_size_format": (
        "Masada {found} oyuncu var; bu formatta bir masada {sizes} oyuncu olur."
    ),
    "problem.breakdown_mismatch": (
        "Puan {found}, ama bu satırdaki dökümü (Yollar {road_points} + Şehirler {city_points} "
        "+ Manastırlar {cloister_points} + Tarlalar {field_points} + Diğer {other_points}, "
        "hücreler {cells}) toplamı {total}."
    ),
    "problem.player_twice_in_round": (
        "{player}, {round}. turda {found} kez geçiyor; bir oyuncu her turda yalnızca bir kez oynar."
    ),
    "problem.table_vp_cards": (
        "Masada toplam {found} ZP kartı var; masa başına en fazla 5 olabilir."
    ),
    "problem.table_knights": (
        "Masada toplam {found} şövalye oynanmış; masa başına en fazla 14 olabilir."
    ),
    "problem.army_mark_no_qualifier": (
        "İlk En Büyük Ordu işaretli, ancak masada kimse 3 veya daha fazla şövalye oynamadı; "
        "işareti kaldırın ya da oynanan şövalye sayılarını düzeltin."
    ),
    "problem.army_mark_not_leader": (
        "İlk En Büyük Ordu işaretli, ancak bu oyuncu {found} şövalye oynadı ve masadaki en yüksek "
        "sayı {most}; işareti en çok şövalye oynayan oyuncuya taşıyın ya da oynanan şövalye "
        "sayılarını düzeltin."
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
        "İlk En Uzun Yol işaretli, ancak masada kimsenin 5 veya daha uzun bir yolu yok; "
        "işareti kaldırın ya da yol uzunluklarını düzeltin."
    ),
    "problem.road_mark_not_leader": (
        "İlk En Uzun Yol işaretli, ancak bu oyuncunun en uzun yolu {found} ve masadaki en uzun yol "
        "{most}; işareti en uzun yola sahip oyuncuya taşıyın ya da yol uzunluklarını düzeltin."
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
        "“{found}” Oyuncular sayfasında yok; sayfadaki en yakın ad: “{suggestion}”."
    ),
    "problem.name_variants": (
        "“{found}” ve “{other}” aynı kişinin iki farklı yazılışı gibi görünüyor; tek bir yazılış "
        "kullanın."
    ),
    "problem.total_vp_mismatch": (
        "{column} hücresinde {found} yazıyor, ancak bu satırın toplamı {vp}: yerleşim "
        "{settlements} + şehir {cities} × 2 + ZP kartı {vp_cards}{army, select, yes { + En "
        "Büyük Ordu için 2} other {}}{road, select, yes { + En Uzun Yol için 2} other {}}. "
        "Satırı masanın puan kâğıdıyla karşılaştırın."
    ),
    # Notices: notice.<code>
    "notice.regenerated": (
        "{sheet} sayfası elle değiştirilmişti; yeni hesaplanan sonuçlarla değiştirildi."
    ),
    "notice.results_hidden": "{sheet} sayfası bu çalışma kitabında gizli; yine de puanlandı.",
    "notice.recheck": (
        "Bir hücresi okunamadığı için masanın tamamıyla ilgili kurallar atlandı; bu masa "
        "(tur {round}, masa {table}), hücreleri düzeltildiğinde yeniden denetlenecek."
    ),
    "notice.sheet_name_taken": (
        "{kept} sizin sayfanız (bizim işaretimizi taşımıyor), bu yüzden olduğu gibi "
        "bırakıldı; {kind, select, standings {sıralama} round_points {tur puanları} other "
        "{sorun listesi}} bunun yerine {written} sayfasına yazıldı."
    ),
    # Errors of verify: the archive no longer agrees (problem.verify.<code>)
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
    "problem.verify.more": (
        "… ve {sheet} sayfasında {count, plural, one {# hücre} other {# hücre}} daha."
    ),
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
    # The file cannot be used (exit code 2): the fatal code itself
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
    "unusable.output_name": (
        "{file} adı {suffix} ile bitmiyor, bu yüzden çift tıklayınca çalışma kitabı olarak "
        "açılmaz. {suffix} ile biten bir ad seçin, örneğin {suggestion}."
    ),
    "unusable.output_exists": (
        "{file} zaten var, bu yüzden üzerine hiçbir şey yazılmadı. -o ile başka bir ad seçin "
        "ya da değiştirmek için --force ekleyin."
    ),
    "unusable.write_failed": "{file} kaydedilemedi: {detail}. Özgün çalışma kitabı değişmedi.",
    "unusable.damaged_sheet": (
        "{file}: {sheet} sayfası dosyanın içinde hasarlı ({detail}); dosyayı yeniden isteyin "
        "ya da elektronik tablo uygulamanızda açıp bu sayfayı onarın veya silin ve yeniden "
        "kaydedin."
    ),
    "unusable.styles_missing": (
        "{file}: {sheet} sayfası, çalışma kitabında bulunmayan hücre biçimlerini (stilleri) "
        "kullanıyor: stil bölümü eksik ya da bağlı değil; dosyayı elektronik tablo "
        "uygulamanızda açın, yeniden kaydedin ve tekrar çalıştırın."
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
    "unusable.template_read_only": (
        "{file} salt okunur, bu yüzden şablon onun üzerine yazılmadı. Başka bir dosya adı seçin "
        "ya da dosyayı değiştirmek istiyorsanız önce salt okunur özelliğini kaldırın (içindeki "
        "her şey kaybolur)."
    ),
    "unusable.template_folder_missing": (
        "{folder} klasörü yok, bu yüzden şablon oraya kaydedilemiyor; klasörü oluşturun ya da "
        "başka bir klasör seçin."
    ),
    "unusable.template_folder_not_writable": (
        "Şablon {file} olarak kaydedilemiyor: {folder} klasörüne yazılamıyor (izinler veya salt "
        "okunur bir disk). Başka bir klasör seçin ya da yazma izni isteyin."
    ),
    "unusable.template_write_failed": (
        "Şablon {file} olarak kaydedilemedi: {detail}. Başka bir dosya adı ya da klasör seçin."
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
    "unusable.output_is_input": (
        "{file} girdilerden biri; girdiler asla değiştirilmez, bu yüzden -o ile yeni bir dosya "
        "adı verin."
    ),
    "unusable.archive_folder_used": (
        "{folder} zaten var ve boş değil; arşiv için yeni bir klasör adı verin."
    ),
    "unusable.format_unknown": (
        "{name} adında bir format yok: hazır formatlardan birini ({formats}) ya da bir "
        "format dosyası (.toml) belirtin."
    ),
    "unusable.format_not_toml": "{file} bir TOML format dosyası değil: {detail}.",
    "unusable.format_unknown_key": (
        "{file} format dosyasında formatlarda olmayan bir {setting} anahtarı var; anahtarlar: "
        "{allowed}."
    ),
    "unusable.format_missing_key": "{file} format dosyasında {setting} anahtarı eksik.",
    "unusable.format_bad_value": (
        "{file} format dosyasında {setting} = {found} kabul edilmez: {setting} "
        "{setting, select, name {1 ile {length} karakter arasında bir ad} "
        "game {şunlardan biri: {games}} "
        "table_sizes {her biri {low} ile {high} arasında, farklı masa boyutlarının listesi} "
        "points {her masa boyutu için sıraya göre puanları (sıra başına 0 veya daha büyük bir "
        "tam sayı) veren bir tablo; galibiyete göre sıralayan formatta yazılmaz} "
        "order {şunlar arasından farklı anahtarların listesi: {keys} (points yalnızca puan "
        "tablosuyla)} "
        "other {docs/rules.md dosyasında yazdığı gibi}} olmalıdır."
    ),
    "unusable.wrong_game": (
        "{file}: {sheet} sayfasında {game, select, catan {Catan} other {Carcassonne}} "
        "sonuçları var, ama seçilen format "
        "{format_game, select, catan {Catan} other {Carcassonne}} için; {formats} ile "
        "puanlayın (ya da o oyun için kendi format dosyanızla)."
    ),
}
