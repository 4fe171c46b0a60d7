"""Masa dağıtımının (``xlsx-scorer seat``) Türkçe sözleri: ``SEATING``.

>>> from xlsx_scorer.i18n import text
>>> text("tr", "seat.sheet", round=3)
'Masalar R3'
"""

SEATING = {
    "roster.dropped_after": "Şu Turdan Sonra Ayrıldı",
    "roster.fixed_table": "Sabit Masa",
    "roster.club": "Kulüp",
    "event.rounds": "Turlar",
    "seat.bye": "Bay",
    "seat.sheet": "Masalar R{round}",
    "seat.title": "Tur {round}: masalar",
    "seat.note": "Her masada ilk koltuktaki oyuncu başlar. Sonuçları {sheet} sayfasına yazın.",
    "seat.table": "Masa",
    "seat.seat": "Koltuk",
    "seat.player": "Oyuncu",
    "seat.result": "Sonuç",
    "notice.seat_summary": (
        "Tur {round}: {players, plural, other {# oyuncu}}, {tables, plural, other {# masa}}, "
        "{byes, plural, =0 {bay yok} other {# bay}}, {repeats, plural, =0 {tekrar eden rakip yok}"
        " other {# çift yeniden karşılaşıyor}}."
    ),
    "notice.seat_repeat": (
        "{players} yeniden karşılaşıyor ({times}. kez): başka bir dağıtım bulunamadı."
    ),
    "notice.seat_club": (
        "{players} aynı kulüpten («{club}») ve aynı masada: liste başka yol bırakmıyor."
    ),
    "notice.seat_small_again": (
        "{player}, herkes bir kez oturmadan {times}. kez 3 kişilik masada oturuyor."
    ),
    "notice.seat_bye_again": "{player}, herkes bir kez bay geçmeden {times}. kez bay geçiyor.",
    "notice.seat_starts": "Bu turdan sonra oyuncu başına başlama sayısı: {low} ile {high} arası.",
    "notice.seat_spread": (
        "İsviçre: bir masadaki oyuncular sıralamada ortalama {spread} sıra aralıklı."
    ),
    "notice.seat_fixed_missing": (
        "{player}: bu turda {table} numaralı masa yok ({tables, plural, other {# masa}}); başka "
        "masaya oturtuldu."
    ),
    "notice.seat_fixed_shared": (
        "{player} sabit masa {table} numarasını tutamıyor: {players} orada sabit, masa yetmiyor."
    ),
    "notice.seat_fixed_unmet": "{player} sabit masası {table} numaraya oturtulamadı.",
    "unusable.seat_count": (
        "{count, plural, other {# oyuncu}} {sizes} kişilik masalara oturtulamaz."
    ),
    "unusable.seat_round_taken": (
        "{round}. turun {results} sayfasında zaten satırları var; dağıtılmış bir tur yeniden "
        "dağıtılmaz."
    ),
    "unusable.seat_no_roster": (
        "Masa dağıtımı için her oyuncunun adı olan Oyuncular sayfası gerekir."
    ),
    "unusable.seat_needs_scores": (
        "İsviçre sistemi önceki turların eksiksiz ve hatasız olmasını ister: "
        "{count, plural, other {# sorun}} bulundu (xlsx-scorer check)."
    ),
    "cli.seat_done": (
        "{round}. tur {file} dosyasında dağıtıldı: satırlar {results}, masa kâğıtları "
        "{sheet} sayfasında."
    ),
    "help.seat": "sonraki turu dağıtır: masalar Sonuçlar sayfasına, yazdırılacak bir sayfa",
    "help.seat_description": (
        "Listedeki her etkin oyuncuyu verilen tur için oturtur: mümkün oldukça tekrar eden rakip "
        "yok, 3 kişilik masalar, baylar ve başlamalar adil, sabit masalar ve kulüpler korunur."
    ),
    "help.seat_round": "dağıtılacak tur",
    "help.seat_method": "random (masa oyunlarında varsayılan) ya da swiss (2 kişilikte varsayılan)",
    "help.seat_seed": "tohum: aynı kitap ve tohum aynı dağıtımı verir (varsayılan: 0)",
    "help.seat_rounds": "etkinliğin tur sayısı (varsayılan: Etkinlik sayfasındaki, yoksa bu tur)",
    "help.seat_output": "dağıtılmış kitabı buraya yazar (varsayılan: aynı dosya)",
    "help.force_seat": "var olan ÇIKTI dosyasının yerine yazar",
}
