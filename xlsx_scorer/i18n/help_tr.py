"""Komut satırı yardımı Türkçe: ``HELP`` (ICU kalıpları, ``tr.STRINGS``'in parçası) ve
``ARGPARSE`` (argparse'ın kendi sözleri, gettext msgid'lerine göre)."""

HELP = {
    "help.description": "Excel çalışma kitabında tutulan bir Catan turnuvasını puanlar.",
    "help.exit_codes": (
        "Çıkış kodu 0: sorun yok; 1: çalışma kitabında hatalar var; 2: dosya kullanılamadı "
        "(hiçbir şey yazılmadı); 3: xlsx-scorer iç hatası (mesaj bir şey yazılıp "
        "yazılmadığını söyler)."
    ),
    "help.version": "sürümü gösterir ve çıkar",
    "help.metavar_command": "KOMUT",
    "help.metavar_workbook": "KİTAP",
    "help.metavar_output": "ÇIKTI",
    "help.metavar_event": "ETKİNLİK",
    "help.metavar_folder": "KLASÖR",
    "help.metavar_number": "SAYI",
    "help.metavar_name": "AD",
    "help.metavar_first": "A",
    "help.metavar_second": "B",
    "help.metavar_base": "TEMEL",
    "help.metavar_copy": "KOPYA",
    "help.metavar_merged": "BİRLEŞİK",
    "help.metavar_archive": "KLASÖR_VEYA_KİTAP",
    "help.metavar_port": "BAĞLANTI_NOKTASI",
    "help.metavar_host": "ADRES",
    "help.lang": (
        "mesajların ve yazılan sayfaların dili (varsayılan: çalışma kitabının dili, yoksa "
        "sistemin dili, yoksa İngilizce)"
    ),
    "help.template_lang": (
        "çalışma kitabının ve mesajların dili (varsayılan: sistemin dili, yoksa İngilizce)"
    ),
    "help.lang_messages": (
        "mesajların dili (varsayılan: çalışma kitabının dili, yoksa sistemin dili, yoksa İngilizce)"
    ),
    "help.debug": "bir sorun olursa teknik ayrıntıları (Python hata izini) gösterir",
    "help.score": (
        "çalışma kitabını denetler ve puanlar; içine sıralama, tur puanı ve hata sayfalarını yazar"
    ),
    "help.score_description": (
        "Sonuçlar sayfasındaki her oyunu kurallara göre denetler, turnuvayı puanlar ve "
        "sıralama, tur puanı ve hata sayfalarını yazar. Çalışma kitabında hata olduğu sürece "
        "sıralama yayımlanmaz."
    ),
    "help.workbooks": (
        "turnuva çalışma kitabı (.xlsx veya .xlsm); birkaç tane ya da bunları içeren bir klasör"
    ),
    "help.score_output": (
        "kitabın kendisi yerine puanlanmış bir kopyayı buraya yazar (birkaç kitap için bir klasör)"
    ),
    "help.force_output": "var olan ÇIKTI dosyasının yerine yazar (içindekiler kaybolur)",
    "help.check": (
        "çalışma kitabını kurallara göre denetler ve her sorunu listeler; hiçbir şey yazmaz"
    ),
    "help.check_description": (
        "Sonuçlar sayfasındaki her oyunu kurallara göre denetler ve her sorunu çalışma "
        "kitabının dilinde ya da JSON olarak (docs/findings.md) listeler. Hiçbir şey yazılmaz."
    ),
    "help.json": "bulguları JSON olarak yazdırır (docs/findings.md)",
    "help.metavar_format": "FORMAT",
    "help.format": (
        "turnuva formatı: hazır olanlardan biri (formats komutuna bakın) ya da kendi format "
        "dosyanız (.toml); varsayılan: çalışma kitabının bildirdiği format, yoksa catan-es"
    ),
    "help.formats": "hazır turnuva formatlarını her biri bir satırda listeler",
    "help.formats_description": (
        "xlsx-scorer ile gelen turnuva formatlarını listeler: oyun, sıraların puana nasıl "
        "dönüştüğü ve eşitliklerin nasıl bozulduğu. Birini --format AD ile seçin ya da kendi "
        "format dosyanızı yazıp --format DOSYA.toml ile seçin."
    ),
    "help.template": "doldurulmaya hazır boş bir turnuva çalışma kitabı yazar",
    "help.template_description": (
        "Seçilen dilde boş bir turnuva çalışma kitabı yazar (etkinlik, oyuncular, sonuçlar ve "
        "talimatlar sayfaları; doldurulan her sütunda açılır listeler ve denetimlerle). Var "
        "olan bir dosyanın yerine --force verilmedikçe asla yazılmaz."
    ),
    "help.template_output": "oluşturulacak .xlsx dosyası",
    "help.force_template": "ÇIKTI varsa yerine yazar (içindekiler kaybolur)",
    "help.players": "oyuncu listesindeki satır sayısı (varsayılan: {default})",
    "help.rounds": "sonuç satırları hazırlanacak tur sayısı (varsayılan: {default})",
    "help.event": "etkinliğin adı, etkinlik sayfasına yazılır",
    "help.bad_count": "1 ile {high} arasında bir tam sayı bekleniyordu",
    "help.diff": "bir etkinliğin iki kopyası arasında neyin değiştiğini hücre hücre gösterir",
    "help.diff_description": (
        "Bir etkinliğin iki kopyasının sonuçlar (ve oyuncular) sayfalarını karşılaştırır. "
        "Satırlar satır numarasına göre değil, tur, masa ve oyuncuya göre eşleştirilir. Çıkış "
        "kodu 0: aynı; 1: fark var; 2: bir dosya kullanılamadı."
    ),
    "help.diff_first": "önceki kopya",
    "help.diff_second": "sonraki kopya",
    "help.merge": "hakemlerin geri gönderdiği kopyaları başladıkları çalışma kitabında birleştirir",
    "help.merge_description": (
        "Üç yollu birleştirme: bir kopyanın TEMEL’e göre değiştirdiği her değer alınır; "
        "birkaç kopyadaki aynı değişiklik bir kez alınır; aynı değere yapılan farklı "
        "değişiklikler bir çakışmadır ve o zaman hiçbir şey yazılmaz. BİRLEŞİK, yalnızca "
        "değişen ve eklenen hücreleri yazılmış TEMEL’dir; TEMEL puanlanmışsa BİRLEŞİK dosyasının "
        "Sıralama, Tur Puanları ve Hatalar sayfaları birleştirilen sonuçlardan yeniden "
        "puanlanır. Çıkış kodu 0: birleştirildi; 1: çakışma var; 2: bir dosya kullanılamadı "
        "ya da BİRLEŞİK yazılamıyor (--force olmadan zaten var, girdilerden biri ya da bir "
        "klasör, salt okunur ya da bir elektronik tabloda açık)."
    ),
    "help.merge_base": "hakemlere verilen çalışma kitabı",
    "help.merge_copies": "geri gönderdikleri kopyalar",
    "help.merge_output": "yazılacak dosya",
    "help.force_merge": "var olan BİRLEŞİK dosyasının yerine yazar (içindekiler kaybolur)",
    "help.archive": (
        "biten bir etkinliği arşivler: korumalı çalışma kitabı, parmak izi, veri paketi"
    ),
    "help.archive_description": (
        "KLASÖR’e puanlanmış çalışma kitabını (her sayfası korumalı, sonuçların ve sıralamanın "
        "SHA-256 parmak izi içine kaydedilmiş) ve bir Frictionless veri paketini "
        "(datapackage.json, results.csv, games.csv, standings.csv) yazar. Etkinlikte sorun "
        "olduğu sürece reddedilir. Çıkış kodu 0: arşivlendi; 1: etkinlikte sorunlar var; 2: "
        "dosya kullanılamadı ya da KLASÖR boş değil."
    ),
    "help.archive_workbook": "etkinliğin çalışma kitabı",
    "help.archive_folder": "yeni, boş bir klasör",
    "help.verify": "arşivlenmiş bir etkinliğin arşivlendikten sonra değiştirilmediğini denetler",
    "help.verify_description": (
        "Arşivlenmiş sonuçlardan her şeyi yeniden hesaplar ve parmak iziyle, sıralama ve tur "
        "puanı sayfalarıyla ve bir arşiv klasöründe datapackage.json ile her CSV dosyasıyla "
        "karşılaştırır. Çıkış kodu 0: her şey tutuyor; 1: bir şey değiştirilmiş ya da "
        "silinmiş; 2: çalışma kitabı okunamadı."
    ),
    "help.verify_path": "bir arşiv klasörü ya da onun çalışma kitabı",
    "help.serve": "organizatörün web sayfasını bu bilgisayarda açar",
    "help.serve_description": (
        "Yalnızca bu bilgisayarda (127.0.0.1), bir çalışma kitabının bırakılıp denetlendiği "
        "ve puanlandığı bir web sayfası sunar. --host 0.0.0.0 ile aynı ağdaki hakemler de "
        "kullanabilir: bir erişim kodu yazdırılır ve sayfa bu kodu sorar."
    ),
    "help.port": (
        "dinlenecek bağlantı noktası ya da sonraki boş olanı (varsayılan: {default}; 0: "
        "herhangi biri)"
    ),
    "help.host": "dinlenecek adres (varsayılan: {default})",
    "help.no_browser": "sayfayı tarayıcıda açmaz",
    "help.serve_lang": (
        "bu mesajların ve açılan sayfanın dili (varsayılan: sistemin dili, yoksa İngilizce)"
    ),
    "help.bad_port": "0 ile 65535 arasında bir bağlantı noktası numarası bekleniyordu",
}

#: argparse's own words (its gettext msgids, Python 3.11 to 3.13) → Turkish; ``%`` fields kept.
ARGPARSE = {
    "usage: ": "kullanım: ",
    "positional arguments": "argümanlar",
    "options": "seçenekler",
    "show this help message and exit": "bu yardımı gösterir ve çıkar",
    "%(prog)s: error: %(message)s\n": "%(prog)s: hata: %(message)s\n",
    "argument %(argument_name)s: %(message)s": "%(argument_name)s argümanı: %(message)s",
    "the following arguments are required: %s": "şu argümanlar gerekli: %s",
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "geçersiz seçim: %(value)r (%(choices)s arasından seçin)"
    ),
    "invalid %(type)s value: %(value)r": "geçersiz %(type)s değeri: %(value)r",
    "unrecognized arguments: %s": "tanınmayan argümanlar: %s",
    "ambiguous option: %(option)s could match %(matches)s": (
        "belirsiz seçenek: %(option)s şunlardan biri olabilir: %(matches)s"
    ),
    "expected one argument": "bir argüman bekleniyordu",
    "expected at most one argument": "en fazla bir argüman bekleniyordu",
    "expected at least one argument": "en az bir argüman bekleniyordu",
    "expected %s argument": "%s argüman bekleniyordu",
    "expected %s arguments": "%s argüman bekleniyordu",
    "ignored explicit argument %r": "açıkça verilen %r argümanı yok sayıldı",
    "not allowed with argument %s": "%s argümanıyla birlikte kullanılamaz",
    "one of the arguments %s is required": "%s argümanlarından biri gerekli",
    "unexpected option string: %s": "beklenmeyen seçenek: %s",
    "unknown parser %(parser_name)r (choices: %(choices)s)": (
        "bilinmeyen komut %(parser_name)r (seçenekler: %(choices)s)"
    ),
    'argument "-" with mode %r': '%r kipinde "-" argümanı',
    "can't open '%(filename)s': %(error)s": "'%(filename)s' açılamıyor: %(error)s",
}
