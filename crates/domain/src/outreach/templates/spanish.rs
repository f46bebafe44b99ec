//! The standard templates in US Spanish, one beside each English one with the same merge
//! fields (a test holds them alike), written to families as "usted".

use super::{Channel, Language, Purpose, Template};

pub(super) fn spanish_templates() -> Vec<Template> {
    use Channel::*;
    use Purpose::*;
    let t = |purpose, channel, subject: &str, body: &str| Template {
        community_id: None,
        purpose,
        channel,
        language: Language::Spanish,
        subject: subject.to_owned(),
        body: body.to_owned(),
    };
    vec![
        t(
            FirstReply,
            Email,
            "Gracias por su interés en {community}",
            "Estimado/a {contact}:\n\nGracias por comunicarse con nosotros sobre {person}. Con \
             gusto le contaré más sobre la vida en {community} y le mostraré la comunidad.\n\n\
             ¿Cuándo le vendría bien una visita? También puedo llamarle a la hora que le resulte \
             cómoda.\n\nAtentamente,\n{agent}\n{community}",
        ),
        t(
            FirstReply,
            Text,
            "",
            "Hola {contact_first}, le habla {agent} de {community}. Gracias por preguntar por \
             {person_first}. ¿Cuándo es un buen momento para hablar?",
        ),
        t(
            FirstReply,
            Call,
            "",
            "Hola {contact_first}, le habla {agent} de {community}; le devuelvo su consulta \
             sobre {person}. Pregunte: qué motivó la búsqueda, el cuidado que necesita, los \
             plazos, y ofrezca una visita.",
        ),
        t(
            FirstReply,
            Letter,
            "Su consulta sobre {community}",
            "Estimado/a {contact}:\n\nGracias por considerar {community} para {person}. \
             Adjuntamos nuestro folleto y los precios vigentes. Será un gusto mostrarle nuestra \
             comunidad en persona.\n\nAtentamente,\n{agent}",
        ),
        t(
            AfterTour,
            Email,
            "Fue un placer conocerle",
            "Estimado/a {contact}:\n\nGracias por visitar {community} el {tour_day}. Espero que \
             conocer a nuestros residentes y a nuestro equipo haya sido grato para usted y \
             {person_first}. El apartamento {unit} cuesta {rate} al mes; le guardo los detalles.\n\n\
             Cuénteme qué preguntas le surgieron después.\n\nAtentamente,\n{agent}",
        ),
        t(
            AfterTour,
            Text,
            "",
            "Hola {contact_first}, gracias por visitar {community} el {tour_day}. ¿Tiene alguna \
             pregunta? - {agent}",
        ),
        t(
            AfterTour,
            Call,
            "",
            "Agradezca a {contact_first} la visita del {tour_day}. Pregunte qué le llamó la \
             atención, qué dudas le quedan y quién más decide. Ofrezca una segunda visita o una \
             comida.",
        ),
        t(
            AfterTour,
            Letter,
            "Gracias por visitar {community}",
            "Estimado/a {contact}:\n\nGracias por recorrer {community} el {tour_day}. Fue un \
             placer conocerle. El apartamento {unit}, a {rate} al mes, sigue disponible, y con \
             gusto responderé cualquier pregunta.\n\nAtentamente,\n{agent}",
        ),
        t(
            NoAnswer,
            Email,
            "Lamento no haberle encontrado",
            "Estimado/a {contact}:\n\nIntenté comunicarme con usted por teléfono sobre {person} \
             y {community}. Indíqueme un buen momento para llamarle, o responda a este \
             correo.\n\nAtentamente,\n{agent}",
        ),
        t(
            NoAnswer,
            Text,
            "",
            "Hola {contact_first}, {agent} de {community}: lamento no haberle encontrado. \
             ¿Cuándo es un buen momento para llamarle?",
        ),
        t(
            NoAnswer,
            Call,
            "",
            "Mensaje de voz: Hola {contact_first}, le habla {agent} de {community} sobre \
             {person}. Por favor devuélvame la llamada; también le enviaré un breve correo.",
        ),
        t(
            NoAnswer,
            Letter,
            "Nos gustaría saber de usted",
            "Estimado/a {contact}:\n\nNo hemos podido comunicarnos con usted por teléfono. Con \
             gusto le ayudaremos en la búsqueda para {person}; llámenos cuando le sea \
             posible.\n\nAtentamente,\n{agent}",
        ),
        t(
            ChecklistReminder,
            Email,
            "Lo que aún falta antes del ingreso",
            "Estimado/a {contact}:\n\nEsperamos con alegría recibir a {person} en \
             {community}. Antes del ingreso aún necesitamos: {checklist_needs}.\n\nAvíseme si \
             puedo ayudarle con algo de esto.\n\nAtentamente,\n{agent}",
        ),
        t(
            ChecklistReminder,
            Text,
            "",
            "Hola {contact_first}, para el ingreso de {person_first} en {community} aún \
             necesitamos: {checklist_needs}. - {agent}",
        ),
        t(
            ChecklistReminder,
            Call,
            "",
            "Repase lo que aún falta: {checklist_needs}. Acuerde una fecha para cada cosa.",
        ),
        t(
            ChecklistReminder,
            Letter,
            "Su lista para el ingreso",
            "Estimado/a {contact}:\n\nPara completar el ingreso de {person} en {community}, aún \
             necesitamos: {checklist_needs}.\n\nAtentamente,\n{agent}",
        ),
        t(
            ReferralPartner,
            Email,
            "Novedades sobre {person}",
            "Hola:\n\nUna breve novedad sobre {person}, a quien usted refirió a {community}. \
             Gracias por la referencia; le mantendré al tanto de cada paso.\n\nSaludos \
             cordiales,\n{agent}",
        ),
        t(
            ReferralPartner,
            Text,
            "",
            "Hola, {agent} de {community}: le envío por correo novedades sobre {person}. \
             Gracias por la referencia.",
        ),
        t(
            ReferralPartner,
            Call,
            "",
            "Agradezca al socio la referencia de {person}; cuéntele cómo va y pregunte por otras \
             familias a las que esté ayudando.",
        ),
        t(
            ReferralPartner,
            Letter,
            "Gracias por su referencia",
            "Estimado socio:\n\nGracias por referir a {person} a {community}. Le mantendremos \
             al tanto.\n\nAtentamente,\n{agent}",
        ),
        t(
            PartnerPack,
            Email,
            "Disponibilidad en {community} y sus familias",
            "Hola {contact}:\n\nAdjunto lo que tenemos libre y lo que se liberará pronto, y en \
             qué punto está cada familia que usted refirió. Llámeme por cualquier familia a la \
             que esté ayudando.\n\nSaludos cordiales,\n{agent}",
        ),
        t(
            PartnerPack,
            Text,
            "",
            "Hola {contact}, {agent} de {community}: la disponibilidad de esta semana y el avance \
             de sus familias están en su correo.",
        ),
        t(
            PartnerPack,
            Call,
            "",
            "Repase el paquete con {contact}: lo que está libre ahora, lo que se liberará y el \
             próximo paso de cada una de sus familias. Pregunte por las familias a las que \
             ayuda ahora.",
        ),
        t(
            PartnerPack,
            Letter,
            "Disponibilidad y sus familias",
            "Estimado/a {contact}:\n\nAdjuntamos lo que tenemos libre y lo que se liberará \
             pronto, y en qué punto está cada familia que usted refirió.\n\nAtentamente,\n\
             {agent}",
        ),
    ]
}
